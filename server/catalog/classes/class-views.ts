import { sql } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { addDays } from '#server/catalog/calendar-date'
import { expandClassSchedule } from '#server/catalog/expand-class-schedule'
import { amountInputValue } from '#server/catalog/money'
import { formatClsStartTime } from '#server/catalog/occurrence-key'
import { classScheduleOfRow } from '#server/catalog/schedule/schedule-rows'
import { dateInputValue } from '#server/dates/local-time'
import { dateInLanguage, longDateInLanguage } from '#server/dates/language-dates'
import { formatPattern } from '#server/dates/date-pattern'
import { formatInZone } from '#server/dates/tenant-dates'
import type { Language } from '#server/i18n/languages'
import type { Tenant } from '#server/tenancy/tenant'
import { lastDateOf, selectOccurrenceRows, selectRooms, selectSchedules, selectTeachers, type StoredSchedule } from './class-rows'
import { findClassOccurrence } from './class-occurrence'
import { ruleInWordsIn, timeInWords, timeInWordsIn } from './rule-in-words'
import { DROP_IN_PRICE_NAME } from './save-class'

type Choice = { id: string; name: string }

export interface ClassListRow {
  guid: string
  name: string
  colour: string | null
  teacherName: string | null
  roomName: string | null
  /** The current rules in words ('Mon, Wed, Fri at 7:00 AM'). */
  rules: string[]
  nextSession: { text: string; dateTime: string; path: string } | null
  isArchived: boolean
  isPublished: boolean
}

/** How far ahead the list looks for a class's next session. */
const NEXT_SESSION_DAYS = 400

/** The staff list of classes, by name; archived ones only when asked for. */
export async function loadClassList(database: DatabaseHandle, tenant: Tenant, input: { showArchived: boolean; now: Date; language?: Language }): Promise<ClassListRow[]> {
  const today = dateInputValue(input.now, tenant.settings.timezone)
  const language = input.language ?? 'en'
  return withTenant(database, tenant.id, async (trx) => {
    const items = await trx
      .selectFrom('catalog_items')
      .select(['id', 'guid', 'name', 'is_archived', 'is_published'])
      .where('kind', '=', 'class')
      .$if(!input.showArchived, (query) => query.where('is_archived', '=', false))
      .orderBy('sort_name')
      .execute()
    const ids = items.map((item) => item.id)
    const schedules = await selectSchedules(trx, ids)
    const rows = await selectOccurrenceRows(trx, ids, addDays(today, -2))
    const names = await namesOf(trx)
    const window = { from: input.now, to: new Date(input.now.getTime() + NEXT_SESSION_DAYS * 86_400_000) }
    return items.map((item) => {
      const own = schedules.filter((row) => row.class_id === item.id)
      const current = own.filter((row) => lastDateOf(row) >= today)
      const latest = own[own.length - 1] ?? null
      let next: { start: Date; scheduled: { date: string; time: string } } | null = null
      for (const schedule of current) {
        const occurrence = expandClassSchedule(classScheduleOfRow(schedule, rows.filter((row) => row.schedule_id === schedule.id)), window)[0]
        if (occurrence && (!next || occurrence.start < next.start)) next = occurrence
      }
      return {
        guid: item.guid,
        name: item.name,
        colour: latest?.colour ?? null,
        teacherName: latest?.teacher_id ? (names.teachers.get(latest.teacher_id) ?? null) : null,
        roomName: latest?.room_id ? (names.rooms.get(latest.room_id) ?? null) : null,
        rules: current.map((row) => ruleInWordsIn(wordsOf(row), language)),
        nextSession: next
          ? { text: dateInLanguage(next.start, tenant.settings, 'dateTime', language), dateTime: next.start.toISOString(), path: `/schedule/${item.guid}/${formatClsStartTime(next.scheduled)}` }
          : null,
        isArchived: item.is_archived,
        isPublished: item.is_published,
      }
    })
  })
}

export interface ClassFormOptions {
  teachers: Choice[]
  rooms: Choice[]
  currency: string
  timeZone: string
}

export async function loadClassFormOptions(database: DatabaseHandle, tenant: Tenant): Promise<ClassFormOptions> {
  return withTenant(database, tenant.id, async (trx) => ({
    teachers: await selectTeachers(trx),
    rooms: await selectRooms(trx),
    currency: tenant.settings.defaultCurrency || 'USD',
    timeZone: tenant.settings.timezone,
  }))
}

export interface ClassRuleView {
  guid: string
  recurrence: 'weekly' | 'once'
  words: string
  /** The form's values: startDate, startTime, weekdays, ends, untilDate, weeks. */
  values: { recurrence: string; startDate: string; startTime: string; weekdays: string[]; ends: string; untilDate: string; weeks: string }
  isCurrent: boolean
  lastDate: string
  /** The first and last dates as the page's language writes a date: ISO in English, '01 Kas 2026' in Turkish. */
  fromText: string
  toText: string
}

export interface ClassEditor {
  guid: string
  name: string
  isArchived: boolean
  /** The details form's values, as fields post them. */
  values: Record<string, string>
  rules: ClassRuleView[]
  upcoming: Array<{ path: string; text: string; dateTime: string; cancelled: boolean; booked: number; capacity: number }>
}

/** The Edit class screen: its details, its rules (current first), and its next sessions. */
export async function loadClassEditor(database: DatabaseHandle, tenant: Tenant, input: { unverifiedGuid: string | undefined; now: Date; language?: Language }): Promise<ClassEditor | null> {
  const today = dateInputValue(input.now, tenant.settings.timezone)
  const language = input.language ?? 'en'
  return withTenant(database, tenant.id, async (trx) => {
    const item = await trx
      .selectFrom('catalog_items')
      .select(['id', 'guid', 'name', 'slug', 'summary', 'description_html', 'payment_type', 'is_published', 'is_archived'])
      .where('kind', '=', 'class')
      .where('guid', '=', /^[0-9a-f-]{36}$/i.test(input.unverifiedGuid ?? '') ? (input.unverifiedGuid ?? '').toLowerCase() : '00000000-0000-0000-0000-000000000000')
      .executeTakeFirst()
    if (!item) return null
    const schedules = await selectSchedules(trx, [item.id])
    const rows = await selectOccurrenceRows(trx, [item.id], addDays(today, -2))
    const price = await trx
      .selectFrom('item_price_options')
      .select(['price_minor', 'currency'])
      .where('item_id', '=', item.id)
      .where('name', '=', DROP_IN_PRICE_NAME)
      .where('is_archived', '=', false)
      .executeTakeFirst()
    const latest = schedules[schedules.length - 1]
    const window = { from: input.now, to: new Date(input.now.getTime() + 60 * 86_400_000) }
    const upcoming = schedules
      .filter((row) => lastDateOf(row) >= today)
      .flatMap((schedule) => {
        const own = rows.filter((row) => row.schedule_id === schedule.id)
        return expandClassSchedule(classScheduleOfRow(schedule, own), window, { includeCancelled: true }).map((occurrence) => {
          const row = own.find((candidate) => candidate.occurrence_date === occurrence.scheduled.date)
          return {
            start: occurrence.start,
            path: `/schedule/${item.guid}/${formatClsStartTime(occurrence.scheduled)}`,
            text: dateInLanguage(occurrence.start, tenant.settings, 'dateTime', language),
            dateTime: occurrence.start.toISOString(),
            cancelled: occurrence.cancelled,
            booked: row?.booked_count ?? 0,
            capacity: row?.capacity ?? schedule.capacity,
          }
        })
      })
      .sort((a, b) => a.start.getTime() - b.start.getTime())
      .slice(0, 8)
      .map(({ start: _start, ...rest }) => rest)
    return {
      guid: item.guid,
      name: item.name,
      isArchived: item.is_archived,
      values: {
        name: item.name,
        slug: item.slug,
        summary: item.summary,
        description: item.description_html,
        teacherId: latest?.teacher_id ?? '',
        roomId: latest?.room_id ?? '',
        capacity: String(latest?.capacity ?? ''),
        durationMinutes: String(latest?.duration_minutes ?? ''),
        colour: `#${latest?.colour ?? '4f46e5'}`,
        paymentType: item.payment_type === 'FREE' ? 'FREE' : 'PAID',
        dropInPrice: price ? amountInputValue(price.price_minor, price.currency) : '',
        isPublished: item.is_published ? 'on' : '',
      },
      rules: schedules
        .map((row) => ruleView(row, today, language))
        .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || a.values.startDate.localeCompare(b.values.startDate)),
      upcoming,
    }
  })
}

function ruleView(row: StoredSchedule, today: string, language: Language): ClassRuleView {
  return {
    guid: row.guid,
    recurrence: row.recurrence,
    words: ruleInWordsIn(wordsOf(row), language),
    values: {
      recurrence: row.recurrence,
      startDate: row.start_date,
      startTime: row.start_time,
      weekdays: row.weekdays.map(String),
      ends: row.until_date ? 'until' : 'weeks',
      untilDate: row.until_date ?? '',
      weeks: row.weeks === null ? '' : String(row.weeks),
    },
    isCurrent: lastDateOf(row) >= today,
    lastDate: lastDateOf(row),
    fromText: calendarDateIn(row.start_date, language),
    toText: calendarDateIn(lastDateOf(row), language),
  }
}

/** A calendar date ('2026-11-01') in a language: as it is in English, the spec's form; '01 Kas 2026' in Turkish. */
function calendarDateIn(isoDate: string, language: Language): string {
  return language === 'en' ? isoDate : formatPattern(new Date(`${isoDate}T12:00:00Z`), 'UTC', 'DD MMM YYYY', language)
}

function wordsOf(row: StoredSchedule) {
  return { recurrence: row.recurrence, startDate: row.start_date, startTime: row.start_time, weekdays: row.weekdays }
}

async function namesOf(trx: Parameters<Parameters<typeof withTenant>[2]>[0]) {
  const teachers = await selectTeachers(trx)
  const rooms = await selectRooms(trx)
  return { teachers: new Map(teachers.map((row) => [row.id, row.name])), rooms: new Map(rooms.map((row) => [row.id, row.name])) }
}

export interface RosterEntry {
  bookingGuid: string
  name: string
  email: string | null
  status: 'booked' | 'checked_in' | 'cancelled'
  bookedAt: string
}

export interface OccurrenceScreen {
  classGuid: string
  className: string
  clsStartTime: string
  /** When it happens, in words, in the tenant's zone. */
  whenText: string
  timeText: string
  startDateTime: string
  scheduledText: string
  isMoved: boolean
  isCancelled: boolean
  /** Started or over: a cancelled session can no longer be restored. */
  hasStarted: boolean
  note: string | null
  teacherName: string | null
  roomName: string | null
  booked: number
  capacity: number
  /** The change form's values. */
  values: { date: string; time: string; teacherId: string; roomId: string; capacity: string }
  roster: RosterEntry[]
}

/** One occurrence of a class: when and where, its capacity and its roster. */
export async function loadOccurrenceScreen(
  database: DatabaseHandle,
  tenant: Tenant,
  input: { unverifiedGuid?: string; unverifiedStart?: string },
  now: Date = new Date(),
  language: Language = 'en',
): Promise<OccurrenceScreen | null> {
  return withTenant(database, tenant.id, async (trx) => {
    const found = await findClassOccurrence(trx, input.unverifiedGuid, input.unverifiedStart)
    if (!found) return null
    const { occurrence, row, schedule } = found.located
    const names = await namesOf(trx)
    const roster = row
      ? await trx
          .selectFrom('class_bookings')
          .innerJoin('contacts', 'contacts.id', 'class_bookings.contact_id')
          .select(['class_bookings.guid', 'class_bookings.status', 'class_bookings.booked_at', 'contacts.email'])
          .select(sql<string>`coalesce(nullif(trim(contacts.first_name || ' ' || contacts.last_name), ''), contacts.email, 'Student')`.as('name'))
          .where('class_bookings.occurrence_id', '=', row.id)
          .orderBy(sql`class_bookings.status = 'cancelled'`)
          .orderBy('contacts.first_name')
          .orderBy('contacts.last_name')
          .execute()
      : []
    const teacherId = occurrence.teacherId ?? ''
    const roomId = occurrence.roomId ?? ''
    const capacity = row?.capacity ?? schedule.capacity
    return {
      classGuid: found.item.guid,
      className: found.item.name,
      clsStartTime: formatClsStartTime(found.scheduled),
      whenText: language === 'en' ? formatInZone(occurrence.start, tenant.settings, 'longDate') : longDateInLanguage(occurrence.start, tenant.settings.timezone, language),
      timeText: `${timeInWordsIn(occurrence.local.time, language)} – ${dateInLanguage(occurrence.end, tenant.settings, 'time', language)}`,
      startDateTime: occurrence.start.toISOString(),
      scheduledText: language === 'en' ? `${found.scheduled.date} at ${timeInWords(found.scheduled.time)}` : `${found.scheduled.date} ${timeInWordsIn(found.scheduled.time, language)}`,
      isMoved: row?.moved_to_date !== null && row?.moved_to_date !== undefined,
      isCancelled: occurrence.cancelled,
      hasStarted: occurrence.start.getTime() <= now.getTime(),
      note: row?.note ?? null,
      teacherName: teacherId ? (names.teachers.get(teacherId) ?? null) : null,
      roomName: roomId ? (names.rooms.get(roomId) ?? null) : null,
      booked: row?.booked_count ?? 0,
      capacity,
      values: { date: occurrence.local.date, time: occurrence.local.time, teacherId, roomId, capacity: String(capacity) },
      roster: roster.map((entry) => ({
        bookingGuid: entry.guid,
        name: entry.name,
        email: entry.email,
        status: entry.status,
        bookedAt: dateInLanguage(entry.booked_at, tenant.settings, 'dateTime', language),
      })),
    }
  })
}
