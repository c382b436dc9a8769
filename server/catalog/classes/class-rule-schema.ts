import { z } from 'zod'
import { parseCalendarDate } from '#server/catalog/calendar-date'
import { isWallTime } from '#server/catalog/occurrence-key'

/** The most weeks a rule may run for; a longer series is written with an end date. */
export const MAX_RULE_WEEKS = 104

export const CLASS_RULE_MESSAGES = {
  recurrence: 'Choose weekly or a one-off session.',
  startDate: 'Enter a start date as YYYY-MM-DD.',
  startTime: 'Enter a start time as HH:MM (24-hour).',
  weekdays: 'Choose at least one day of the week.',
  ends: 'Choose how the series ends.',
  untilDate: 'Enter an end date as YYYY-MM-DD.',
  untilBeforeStart: 'The end date must be on or after the start date.',
  weeks: `Enter a number of weeks from 1 to ${MAX_RULE_WEEKS}.`,
} as const

/** ISO weekdays: 1 = Monday ... 7 = Sunday, as class_schedules stores them. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const

/** A rule as staff typed it, checked: weekly on days from a date until a date or for N weeks, or one session. */
export type ClassRuleInput =
  | { recurrence: 'weekly'; startDate: string; startTime: string; weekdays: number[]; ends: { until: string } | { weeks: number } }
  | { recurrence: 'once'; startDate: string; startTime: string }

// conform posts an empty field as absent.
const optionalText = z.string().trim().optional()

/** The form fields of one rule; shared by the rule form and the Add class form. */
export const classRuleShape = {
  recurrence: z.enum(['weekly', 'once'], { errorMap: () => ({ message: CLASS_RULE_MESSAGES.recurrence }) }),
  startDate: optionalText,
  startTime: optionalText,
  weekdays: z.array(z.string()).optional(),
  ends: z.enum(['until', 'weeks']).optional(),
  untilDate: optionalText,
  weeks: optionalText,
}

type RuleFields = z.infer<z.ZodObject<typeof classRuleShape>>

/** Per-field messages of a rule; `ctx` gets one issue per wrong field, at that field's path. */
export function checkClassRule(fields: RuleFields, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
  const start = fields.startDate ? parseCalendarDate(fields.startDate) : null
  if (start === null) issue('startDate', CLASS_RULE_MESSAGES.startDate)
  if (!fields.startTime || !isWallTime(fields.startTime)) issue('startTime', CLASS_RULE_MESSAGES.startTime)
  if (fields.recurrence !== 'weekly') return
  if (weekdaysOf(fields.weekdays) === null) issue('weekdays', CLASS_RULE_MESSAGES.weekdays)
  if (fields.ends === 'until') {
    const until = fields.untilDate ? parseCalendarDate(fields.untilDate) : null
    if (until === null) issue('untilDate', CLASS_RULE_MESSAGES.untilDate)
    else if (start !== null && until < start) issue('untilDate', CLASS_RULE_MESSAGES.untilBeforeStart)
  } else if (fields.ends === 'weeks') {
    if (weeksOf(fields.weeks) === null) issue('weeks', CLASS_RULE_MESSAGES.weeks)
  } else {
    issue('ends', CLASS_RULE_MESSAGES.ends)
  }
}

/** The checked rule; call only after checkClassRule found nothing. */
export function classRuleOf(fields: RuleFields): ClassRuleInput {
  const startDate = fields.startDate ?? ''
  const startTime = fields.startTime ?? ''
  if (fields.recurrence === 'once') return { recurrence: 'once', startDate, startTime }
  return {
    recurrence: 'weekly',
    startDate,
    startTime,
    weekdays: weekdaysOf(fields.weekdays) ?? [],
    ends: fields.ends === 'until' ? { until: fields.untilDate ?? '' } : { weeks: weeksOf(fields.weeks) ?? 1 },
  }
}

/** The rule form alone (add or edit one rule of a class). */
export const classRuleSchema = z
  .object(classRuleShape)
  .superRefine(checkClassRule)
  .transform((fields) => classRuleOf(fields))

function weekdaysOf(values: readonly string[] | undefined): number[] | null {
  const days = new Set<number>()
  for (const value of values ?? []) {
    const day = Number(value)
    if (!ISO_WEEKDAYS.includes(day as (typeof ISO_WEEKDAYS)[number])) return null
    days.add(day)
  }
  return days.size > 0 ? [...days].sort((a, b) => a - b) : null
}

function weeksOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,3}$/.test(value)) return null
  const weeks = Number(value)
  return weeks >= 1 && weeks <= MAX_RULE_WEEKS ? weeks : null
}
