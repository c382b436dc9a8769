import { z } from 'zod'
import { parseAmountInput } from '#server/catalog/money'
import { SLUG_MAX_LENGTH } from '#server/catalog/seo-slug'
import { FORM_HTML_MAX_LENGTH } from '#server/forms/sanitize-form-html'
import { checkClassRule, classRuleOf, classRuleShape, type ClassRuleInput } from './class-rule-schema'

export const CLASS_FORM_MESSAGES = {
  name: 'Class name is required.',
  nameLength: 'Class name must be at most 200 characters.',
  slug: 'SEO URL may hold lowercase letters, digits and hyphens only.',
  summaryLength: 'Summary must be at most 500 characters.',
  descriptionLength: `Description must be at most ${FORM_HTML_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  teacher: 'Choose a teacher from the list.',
  room: 'Choose a room from the list.',
  capacity: 'Capacity must be a whole number from 1 to 10,000.',
  duration: 'Duration must be a whole number of minutes from 1 to 1,440.',
  colour: 'Choose a colour.',
  paymentType: 'Choose free or paid.',
  price: 'Enter a drop-in price, such as 15.00.',
  slugTaken: 'Another class already has this SEO URL.',
} as const

/** What a class is, apart from its schedule rules. */
export interface ClassDetailsInput {
  name: string
  /** Empty: made from the name. */
  slug: string
  summary: string
  descriptionHtml: string
  teacherId: string | null
  roomId: string | null
  capacity: number
  durationMinutes: number
  /** Six hex digits without '#'. */
  colour: string
  paymentType: 'FREE' | 'PAID'
  /** Minor units of the tenant's currency; null for a free class. */
  dropInMinor: number | null
  isPublished: boolean
}

// conform posts an empty field as absent: optional text reads as '' and an optional id as null.
const text = (max: number, message: string) =>
  z.string().trim().max(max, message).optional().transform((value) => value ?? '')
/** A whole number typed in a field within bounds, or null. */
export function wholeNumberIn(value: string, min: number, max: number): number | null {
  if (!/^\d{1,9}$/.test(value)) return null
  const number = Number(value)
  return number >= min && number <= max ? number : null
}

/** A whole number field of a form that has no other cross-field rules. */
export const wholeNumber = (min: number, max: number, message: string) =>
  text(12, message)
    .refine((value) => wholeNumberIn(value, min, max) !== null, message)
    .transform(Number)

const uuidOrNone = (message: string) =>
  z.string().uuid(message).optional().transform((value) => value ?? null)

const detailsShape = {
  name: text(200, CLASS_FORM_MESSAGES.nameLength),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(SLUG_MAX_LENGTH, CLASS_FORM_MESSAGES.slug)
    .regex(/^[a-z0-9_]+(-[a-z0-9_]+)*$/, CLASS_FORM_MESSAGES.slug)
    .optional()
    .transform((value) => value ?? ''),
  summary: text(500, CLASS_FORM_MESSAGES.summaryLength),
  description: text(FORM_HTML_MAX_LENGTH, CLASS_FORM_MESSAGES.descriptionLength),
  teacherId: uuidOrNone(CLASS_FORM_MESSAGES.teacher),
  roomId: uuidOrNone(CLASS_FORM_MESSAGES.room),
  capacity: text(12, CLASS_FORM_MESSAGES.capacity),
  durationMinutes: text(12, CLASS_FORM_MESSAGES.duration),
  colour: text(7, CLASS_FORM_MESSAGES.colour),
  paymentType: z.enum(['FREE', 'PAID'], { errorMap: () => ({ message: CLASS_FORM_MESSAGES.paymentType }) }),
  dropInPrice: z.string().trim().optional(),
  // A checkbox posts 'on' when ticked and nothing when not.
  isPublished: z
    .string()
    .optional()
    .transform((value) => value === 'on' || value === 'true'),
}

type DetailsFields = z.infer<z.ZodObject<typeof detailsShape>>

/**
 * The details' rules, checked in one refinement so that every wrong field gets its message at
 * once (zod skips an object's refinements when one of its fields fails on its own).
 */
function checkDetails(fields: DetailsFields, ctx: z.RefinementCtx, currency: string): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
  if (fields.name === '') issue('name', CLASS_FORM_MESSAGES.name)
  if (wholeNumberIn(fields.capacity, 1, 10_000) === null) issue('capacity', CLASS_FORM_MESSAGES.capacity)
  if (wholeNumberIn(fields.durationMinutes, 1, 1440) === null) issue('durationMinutes', CLASS_FORM_MESSAGES.duration)
  if (!/^#?[0-9a-fA-F]{6}$/.test(fields.colour)) issue('colour', CLASS_FORM_MESSAGES.colour)
  if (fields.paymentType !== 'PAID') return
  const price = fields.dropInPrice ? parseAmountInput(fields.dropInPrice, currency) : null
  if (price === null || price === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['dropInPrice'], message: CLASS_FORM_MESSAGES.price })
}

function detailsOf(fields: DetailsFields, currency: string): ClassDetailsInput {
  return {
    name: fields.name,
    slug: fields.slug,
    summary: fields.summary,
    descriptionHtml: fields.description,
    teacherId: fields.teacherId,
    roomId: fields.roomId,
    capacity: wholeNumberIn(fields.capacity, 1, 10_000) ?? 1,
    durationMinutes: wholeNumberIn(fields.durationMinutes, 1, 1440) ?? 1,
    colour: fields.colour.replace(/^#/, '').toLowerCase(),
    paymentType: fields.paymentType,
    dropInMinor: fields.paymentType === 'PAID' ? parseAmountInput(fields.dropInPrice ?? '', currency) : null,
    isPublished: fields.isPublished,
  }
}

/** The Edit class form: the class's details, in the tenant's currency. */
export function classDetailsSchema(currency: string) {
  return z
    .object(detailsShape)
    .superRefine((fields, ctx) => checkDetails(fields, ctx, currency))
    .transform((fields) => detailsOf(fields, currency))
}

/** The Add class form: the details and the first rule (weekly or a one-off session). */
export function newClassSchema(currency: string) {
  return z
    .object({ ...detailsShape, ...classRuleShape })
    .superRefine((fields, ctx) => {
      checkDetails(fields, ctx, currency)
      checkClassRule(fields, ctx)
    })
    .transform((fields): { details: ClassDetailsInput; rule: ClassRuleInput } => ({ details: detailsOf(fields, currency), rule: classRuleOf(fields) }))
}

export const ROOM_MESSAGES = {
  required: 'Room name is required.',
  tooLong: 'Room name must be at most 100 characters.',
  taken: 'A room with this name already exists.',
} as const

export const roomSchema = z.object({
  roomName: z.string({ required_error: ROOM_MESSAGES.required }).trim().min(1, ROOM_MESSAGES.required).max(100, ROOM_MESSAGES.tooLong),
})
