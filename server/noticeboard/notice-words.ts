// Kept apart from the rules (which pull in the sanitiser) so that screens can show them.
/** The notice board's words (website spec 5 and 8), spelled as the spec spells them. */
export const NOTICE_MESSAGES = {
  deleteConfirm: 'Are you sure you want to delete?',
  deleted: 'Notice or Quote deleted successfullly',
  messageRequired: 'Message is required!',
  typeRequired: 'Type is required!',
  added: 'Notice added successfully',
  updated: 'Notice updated successfully',
  notFound: 'This notice or quote no longer exists.',
} as const
