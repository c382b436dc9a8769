import { z } from 'zod'
import { err, ok, type Result } from '#server/errors/result'
import { sanitizeRichTextHtml } from '#server/text/rich-text-html'
import { withoutControlCharacters } from '#server/text/without-control-characters'
import { tagsUsed, tagText } from './merge-tags'

/**
 * The sentences of the unknown-tags message, kept apart so that each is translated on its own
 * whatever tags it names.
 */
export const UNKNOWN_TAG_MESSAGES = {
  one: (tag: string) => `${tag} is not a merge tag.`,
  several: (tags: string) => `${tags} are not merge tags.`,
  hint: 'Drag one of the tags above, or add a custom field with the + chip.',
} as const

/** A post the form could not read at all. */
export const UNREADABLE_TEMPLATE_FORM = 'Invalid Form!'

export const TEMPLATE_MESSAGES = {
  nameRequired: 'Template Name is required!',
  nameTooLong: 'Template Name must be at most 100 characters.',
  nameTaken: 'A template with this name already exists.',
  subjectRequired: 'Subject is required!',
  subjectTooLong: 'Subject must be at most 255 characters.',
  bodyRequired: 'Template body is required!',
  bodyTooLong: 'The template is too long.',
  unknownTags: (tags: string[]) =>
    `${tags.length === 1 ? UNKNOWN_TAG_MESSAGES.one(tags.map(tagText).join(', ')) : UNKNOWN_TAG_MESSAGES.several(tags.map(tagText).join(', '))} ${UNKNOWN_TAG_MESSAGES.hint}`,
  invalid: 'Please correct the highlighted fields.',
  created: 'Template Created',
  edited: 'Template Edited',
  deleted: 'Template Deleted',
  notFound: 'Template not found',
} as const

/** The subject and body of a new template (spec: "Default subject for a new template"). */
export const NEW_TEMPLATE = {
  name: '',
  subject: 'Sample subject for {{name}}',
  body: '<p>Hello {{firstname}},</p><p>Write your message here.</p><p>{{orgname}}</p>',
} as const

/** Besides the standard and custom field tags, `{{name}}` (the whole name) is understood: the spec's default subject uses it. */
export const EXTRA_TAGS = ['name'] as const

export interface TemplateFormValues {
  name: string
  subject: string
  body: string
}

export type TemplateFormErrors = Partial<Record<keyof TemplateFormValues | 'form', string>>

const text = z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string())

const formSchema = z.object({ name: text, subject: text, body: text })

/** What the form posted, as strings (missing fields read as empty). */
export function readTemplateForm(form: FormData): TemplateFormValues {
  return formSchema.parse({ name: form.get('name'), subject: form.get('subject'), body: form.get('body') })
}

export interface CheckedTemplate {
  name: string
  subject: string
  bodyHtml: string
}

/**
 * The spec's form rules (name, subject and body required) and ours: lengths the database
 * holds, a body sanitised to what the editor makes, and tags the studio has (a misspelt tag
 * would send an empty gap). `knownTags` are the standard tags and the studio's custom field tags.
 */
export function checkTemplateForm(values: TemplateFormValues, knownTags: ReadonlySet<string>): Result<CheckedTemplate, 'invalid_input', TemplateFormErrors> {
  const errors: TemplateFormErrors = {}
  const name = withoutControlCharacters(values.name).trim()
  const subject = withoutControlCharacters(values.subject).replace(/\s+/g, ' ').trim()
  const bodyHtml = values.body.length > 100_000 ? '' : sanitizeRichTextHtml(withoutControlCharacters(values.body))
  if (name === '') errors.name = TEMPLATE_MESSAGES.nameRequired
  else if (name.length > 100) errors.name = TEMPLATE_MESSAGES.nameTooLong
  if (subject === '') errors.subject = TEMPLATE_MESSAGES.subjectRequired
  else if (subject.length > 255) errors.subject = TEMPLATE_MESSAGES.subjectTooLong
  if (values.body.length > 100_000) errors.body = TEMPLATE_MESSAGES.bodyTooLong
  else if (bodyHtml === '') errors.body = TEMPLATE_MESSAGES.bodyRequired
  const unknown = (used: string[]) => used.filter((tag) => !knownTags.has(tag))
  if (!errors.subject && unknown(tagsUsed(subject)).length > 0) errors.subject = TEMPLATE_MESSAGES.unknownTags(unknown(tagsUsed(subject)))
  if (!errors.body && unknown(tagsUsed(bodyHtml)).length > 0) errors.body = TEMPLATE_MESSAGES.unknownTags(unknown(tagsUsed(bodyHtml)))
  if (Object.keys(errors).length > 0) return err('invalid_input', undefined, errors)
  return ok({ name, subject, bodyHtml })
}
