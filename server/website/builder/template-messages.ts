/** The template gallery's words (spec 002 sections 5 and 8); a module of its own so screens can import it in the browser. */
export const TEMPLATE_MESSAGES = {
  nameRequired: 'Template Name is required!',
  nameTooLong: 'Template Name must be at most 100 characters.',
  added: 'Added template successfully',
  deleted: 'Template deleted successfully',
  notFound: 'That template does not exist.',
  notYours: 'Shared templates cannot be deleted.',
  tooLarge: 'The design is too large to keep as a template.',
  deleteQuestion: (name: string) => `${name} will be deleted, Are you sure?`,
  /** The spec gives only its gist ("wording about adding more course information"). */
  skipTitle: 'Skip template choice',
  skipQuestion: 'Keep this page as it is and go on to edit it? You can add more information about your courses and classes in the next step.',
} as const
