import { z } from 'zod'
import { parseCalendarDate } from '#server/catalog/calendar-date'
import { isWallTime } from '#server/catalog/occurrence-key'
import { CLASS_FORM_MESSAGES, wholeNumber } from './class-form-schema'
import { CLASS_RULE_MESSAGES } from './class-rule-schema'

export const OCCURRENCE_MESSAGES = {
  date: 'Enter a date as YYYY-MM-DD.',
  belowBooked: (booked: number) => `Capacity cannot be below the ${booked} already booked.`,
  changed: 'Session updated.',
  cancelled: (emailed: number) => `Session cancelled. ${emailed === 1 ? '1 booked student was' : `${emailed} booked students were`} emailed.`,
  alreadyCancelled: 'This session is already cancelled.',
  restored: 'Session restored. Students can book it again; the bookings cancelled with it stay cancelled.',
  notCancelled: 'This session is not cancelled.',
  restorePast: 'A session that has already started cannot be restored.',
  checkedIn: (name: string) => `${name} checked in.`,
  undone: (name: string) => `Check-in of ${name} undone.`,
  noteTooLong: 'The message must be at most 2,000 characters.',
} as const

// conform posts an empty field as absent: no teacher or room.
const uuidOrNone = (message: string) =>
  z.string().uuid(message).optional().transform((value) => value ?? null)

/** This one occurrence: when it happens, who teaches, where, how many may book. */
export const occurrenceChangeSchema = z.object({
  date: z.string({ required_error: OCCURRENCE_MESSAGES.date }).refine((value) => parseCalendarDate(value) !== null, OCCURRENCE_MESSAGES.date),
  time: z.string({ required_error: CLASS_RULE_MESSAGES.startTime }).refine(isWallTime, CLASS_RULE_MESSAGES.startTime),
  teacherId: uuidOrNone(CLASS_FORM_MESSAGES.teacher),
  roomId: uuidOrNone(CLASS_FORM_MESSAGES.room),
  capacity: wholeNumber(1, 10_000, CLASS_FORM_MESSAGES.capacity),
})
export type OccurrenceChangeInput = z.infer<typeof occurrenceChangeSchema>

export const occurrenceCancelSchema = z.object({
  note: z
    .string()
    .trim()
    .max(2000, OCCURRENCE_MESSAGES.noteTooLong)
    .optional()
    .transform((value) => value ?? ''),
})
