import { zonedTimeToInstant } from '#server/dates/local-time'

/** An event's own fields once checked: UTC instants read in the tenant's zone, seats, place. */
export interface EventInput {
  startsAt: Date
  endsAt: Date
  timeZone: string
  capacity: number | null
  registrationClosesAt: Date | null
  isFeatured: boolean
  venueName: string | null
  addressLine1: string | null
  addressLine2: string | null
  city: string | null
  state: string | null
  zip: string | null
  country: string | null
}

export const EVENT_FIELDS = [
  'startsAt', 'endsAt', 'capacity', 'registrationClosesAt', 'isFeatured',
  'venueName', 'addressLine1', 'addressLine2', 'city', 'state', 'zip', 'country',
] as const

/** The address fields, their labels and lengths; required when the tenant's isAddressNeededForEvent is on. */
export const EVENT_ADDRESS_FIELDS = [
  ['addressLine1', 'Address Line 1', 255, true],
  ['addressLine2', 'Address Line 2', 255, false],
  ['city', 'City', 100, true],
  ['state', 'State', 100, true],
  ['zip', 'Zip', 20, true],
  ['country', 'Country', 100, true],
] as const

export const EVENT_FORM_MESSAGES = {
  startRequired: 'Start is required!',
  endRequired: 'End is required!',
  dateInvalid: 'Please enter a date and time.',
  endBeforeStart: 'The end must be after the start.',
  capacityInvalid: 'Capacity must be a whole number from 1 to 100000.',
  closesAfterStart: 'Registration must close before the event starts.',
  required: (label: string) => `${label} is required!`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  capacityBelowTaken: (taken: number) => `Capacity cannot be below the ${taken} seats already taken.`,
} as const

const M = EVENT_FORM_MESSAGES

/** A datetime-local value ('2026-12-05T18:30') read as a wall clock in the zone. */
function instantOf(text: string, timeZone: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(text.trim())
  return match ? zonedTimeToInstant(match[1] ?? '', match[2] ?? '', timeZone) : null
}

/**
 * Checks an event's fields: start and end in the tenant's zone (end after start), an optional
 * capacity, an optional registration closing time before the start, and the address, which
 * the tenant's isAddressNeededForEvent makes required.
 */
export function parseEventFields(
  fields: Record<string, string>,
  options: { timeZone: string; isAddressNeededForEvent: boolean },
  add: (key: string, message: string) => void,
): EventInput | null {
  const read = (name: string, required: string) => {
    const text = (fields[name] ?? '').trim()
    if (text === '') {
      add(name, required)
      return null
    }
    const at = instantOf(text, options.timeZone)
    if (!at) add(name, M.dateInvalid)
    return at
  }
  const startsAt = read('startsAt', M.startRequired)
  const endsAt = read('endsAt', M.endRequired)
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) add('endsAt', M.endBeforeStart)

  let capacity: number | null = null
  const capacityText = (fields.capacity ?? '').trim()
  if (capacityText !== '') {
    capacity = /^\d{1,6}$/.test(capacityText) ? Number(capacityText) : Number.NaN
    if (!(capacity >= 1 && capacity <= 100_000)) add('capacity', M.capacityInvalid)
  }

  let registrationClosesAt: Date | null = null
  if ((fields.registrationClosesAt ?? '').trim() !== '') {
    registrationClosesAt = instantOf(fields.registrationClosesAt ?? '', options.timeZone)
    if (!registrationClosesAt) add('registrationClosesAt', M.dateInvalid)
    else if (startsAt && registrationClosesAt.getTime() >= startsAt.getTime()) add('registrationClosesAt', M.closesAfterStart)
  }

  const venueName = (fields.venueName ?? '').trim()
  if (venueName.length > 200) add('venueName', M.tooLong('Venue', 200))
  const address: Record<string, string | null> = {}
  for (const [name, label, max, neededWhenAsked] of EVENT_ADDRESS_FIELDS) {
    const value = (fields[name] ?? '').trim()
    if (value === '' && neededWhenAsked && options.isAddressNeededForEvent) add(name, M.required(label))
    else if (value.length > max) add(name, M.tooLong(label, max))
    address[name] = value === '' ? null : value
  }
  if (!startsAt || !endsAt) return null
  return {
    startsAt,
    endsAt,
    timeZone: options.timeZone,
    capacity,
    registrationClosesAt,
    isFeatured: fields.isFeatured === 'on',
    venueName: venueName === '' ? null : venueName,
    addressLine1: address.addressLine1 ?? null,
    addressLine2: address.addressLine2 ?? null,
    city: address.city ?? null,
    state: address.state ?? null,
    zip: address.zip ?? null,
    country: address.country ?? null,
  }
}
