import { z } from 'zod'
import { err, ok, type WordedResult } from '#server/errors/result'

/** The words of the profile's forms: what staff read when a post is refused or done. */
export const PROFILE_MESSAGES = {
  noteRequired: 'Write the note first.',
  noteTooLong: 'A note can be at most 5000 characters.',
  noteAdded: 'Note added.',
  noteUpdated: 'Note updated.',
  noteDeleted: 'Note deleted.',
  noteGone: 'This note is no longer there.',
  tagRequired: 'Type a tag name.',
  tagTooLong: 'A tag name can be at most 100 characters.',
  tagAlreadyOn: 'This contact already has this tag.',
  tagAdded: 'Tag added.',
  tagRemoved: 'Tag removed.',
  tagGone: 'This tag is no longer there.',
  pickContact: 'Choose a contact from the list first.',
  pickedGone: 'That contact was not found.',
  familyLinked: 'Family link added.',
  familyUnlinked: 'Family link removed.',
  linkGone: 'These two contacts are not linked.',
  linkSelf: 'A contact cannot be linked to themselves.',
  linkDuplicate: 'These two contacts are already linked.',
  emergencyChanged: 'Emergency contact changed.',
  unknownIntent: 'This form is out of date. Please reload the page.',
} as const

export function tagCreatedMessage(name: string): string {
  return `Tag "${name}" created and added.`
}

/** The refusal of a link that would loop: the chosen guardian is already in the child's care. */
export function linkCycleMessage(guardianName: string, childName: string): string {
  return `${guardianName} is already in ${childName}'s care (as a child or grandchild), so ${childName} cannot also be in ${guardianName}'s care.`
}

export const NOTE_MAX_LENGTH = 5000
export const TAG_NAME_MAX_LENGTH = 100
export const GUARDIAN_RELATIONS = ['guardian', 'mother', 'father'] as const
export const GUARDIAN_RELATION_LABELS = { guardian: 'Guardian', mother: 'Mother', father: 'Father' } as const

// Windows line ends count once, as the browser's counter counts them.
const noteBody = z
  .string({ required_error: PROFILE_MESSAGES.noteRequired, invalid_type_error: PROFILE_MESSAGES.noteRequired })
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().min(1, PROFILE_MESSAGES.noteRequired).max(NOTE_MAX_LENGTH, PROFILE_MESSAGES.noteTooLong))
  // Postgres refuses NUL in text; no one types it on purpose.
  .transform((value) => value.replace(/\u0000/g, ''))

const id = (message: string) => z.string({ required_error: message, invalid_type_error: message }).trim().uuid(message).transform((value) => value.toLowerCase())

const tagName = z
  .string({ required_error: PROFILE_MESSAGES.tagRequired, invalid_type_error: PROFILE_MESSAGES.tagRequired })
  .transform((value) => value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, PROFILE_MESSAGES.tagRequired).max(TAG_NAME_MAX_LENGTH, PROFILE_MESSAGES.tagTooLong))

/** Every form of the profile, told apart by its `intent` field. */
export const profileFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add-note'), body: noteBody }),
  z.object({ intent: z.literal('update-note'), noteId: id(PROFILE_MESSAGES.noteGone), body: noteBody }),
  z.object({ intent: z.literal('delete-note'), noteId: id(PROFILE_MESSAGES.noteGone) }),
  z.object({ intent: z.literal('add-tag'), tagName }),
  z.object({ intent: z.literal('remove-tag'), tagId: id(PROFILE_MESSAGES.tagGone) }),
  z.object({
    intent: z.literal('link-family'),
    otherId: id(PROFILE_MESSAGES.pickContact),
    /** What the chosen contact becomes to this one. */
    role: z.enum(['guardian', 'child'], { message: PROFILE_MESSAGES.unknownIntent }),
    relation: z.enum(GUARDIAN_RELATIONS, { message: PROFILE_MESSAGES.unknownIntent }),
  }),
  z.object({ intent: z.literal('unlink-family'), guardianId: id(PROFILE_MESSAGES.linkGone), childId: id(PROFILE_MESSAGES.linkGone) }),
  z.object({ intent: z.literal('set-emergency'), guardianId: id(PROFILE_MESSAGES.linkGone) }),
])

export type ProfileForm = z.infer<typeof profileFormSchema>
export type ProfileIntent = ProfileForm['intent']
export const PROFILE_INTENTS: readonly ProfileIntent[] = ['add-note', 'update-note', 'delete-note', 'add-tag', 'remove-tag', 'link-family', 'unlink-family', 'set-emergency']

/** What a refused post answers, for the form that sent it to show. */
export interface ProfileFormFailure {
  intent: ProfileIntent | null
  formErrors: string[]
  fieldErrors: Record<string, string[]>
  /** The values posted, so the form shows what was typed (never anything secret here). */
  values: Record<string, string>
}

/** Reads a posted form: the parsed form, or what to tell the person. */
export function parseProfileForm(formData: FormData): WordedResult<ProfileForm, 'invalid_input', ProfileFormFailure> {
  const values: Record<string, string> = {}
  for (const [key, value] of formData) if (typeof value === 'string' && !(key in values)) values[key] = value
  const intent = (PROFILE_INTENTS as readonly string[]).includes(values.intent ?? '') ? (values.intent as ProfileIntent) : null
  const parsed = profileFormSchema.safeParse(values)
  if (parsed.success) return ok(parsed.data)
  if (!intent) return err('invalid_input', PROFILE_MESSAGES.unknownIntent, { intent: null, formErrors: [PROFILE_MESSAGES.unknownIntent], fieldErrors: {}, values })
  const flat = parsed.error.flatten()
  const fieldErrors = flat.fieldErrors as Record<string, string[]>
  const first = flat.formErrors[0] ?? Object.values(fieldErrors).flat()[0] ?? PROFILE_MESSAGES.unknownIntent
  return err('invalid_input', first, { intent, formErrors: flat.formErrors, fieldErrors, values })
}
