import { asSystem, withTenant } from '#db/tenant-scope'
import { smsSendJob, smsSendJobId } from '#jobs/sms-send'
import { formatInZone } from '#server/dates/tenant-dates'
import type { Platform } from '#server/platform'
import { readTenantSettings } from '#server/tenancy/tenant-settings'
import { queueSmsIn, startSmsSend } from './queue-sms'
import { smsNumberOf } from './sms-number'

/** A queued message ready this long ago and still waiting means its studio's chain of runs broke. */
const STRANDED_AFTER_MS = 30 * 60_000

/** The most bookings one sweep reminds in one studio; the rest wait for the next sweep. */
const PER_STUDIO_LIMIT = 5_000

/** The reminder's words: the class, its day and time in the studio's zone, and the studio. */
export function classReminderText(input: { className: string; startsAt: Date; studioName: string; timezone: string; dateFormat: Parameters<typeof formatInZone>[1]['dateFormat'] }): string {
  const when = formatInZone(input.startsAt, { timezone: input.timezone, dateFormat: input.dateFormat }, 'dateTime')
  return `Reminder: ${input.className} starts ${when}. See you there! - ${input.studioName}`.slice(0, 1600)
}

/**
 * Queues a reminder text for every booking (booked, not cancelled) of a scheduled class that
 * starts within the next `SMS_REMINDER_HOURS`, in every studio that can text (Twilio, or Plivo with an approved number),
 * to contacts whose SMS reminder flag is on and who have a phone. Each booking is reminded once
 * (the outbox's dedupe key is the occurrence and the contact). Finding the studios reads across
 * tenants, so that read runs as the system; everything after runs inside each studio.
 */
export async function queueClassReminders(platform: Pick<Platform, 'database' | 'jobs' | 'env' | 'logger'>, now: Date): Promise<number> {
  const until = new Date(now.getTime() + platform.env.SMS_REMINDER_HOURS * 3_600_000)
  const studios = await asSystem(platform.database, 'find the studios that send SMS reminders', (trx) =>
    trx
      .selectFrom('sms_settings')
      .innerJoin('tenants', 'tenants.id', 'sms_settings.tenant_id')
      .select(['tenants.id', 'tenants.name', 'tenants.settings'])
      // Studios that can text (canSendSms): Twilio set up, or a Plivo number approved for texting.
      .where((eb) =>
        eb.or([
          eb.and([eb('sms_settings.provider', '=', 'twilio'), eb('sms_settings.twilio_sid', 'is not', null)]),
          eb.and([eb('sms_settings.provider', '=', 'plivo'), eb('sms_settings.plivo_phone_number', 'is not', null), eb('sms_settings.is_messaging_approved', '=', true)]),
        ]),
      )
      .where('tenants.archived_at', 'is', null)
      .where('tenants.suspended_at', 'is', null)
      .execute(),
  )
  let total = 0
  for (const studio of studios) {
    const settings = readTenantSettings(studio.settings)
    const queued = await withTenant(platform.database, studio.id, async (trx) => {
      const due = await trx
        .selectFrom('class_bookings as b')
        .innerJoin('class_occurrences as o', 'o.id', 'b.occurrence_id')
        .innerJoin('catalog_items as c', 'c.id', 'o.class_id')
        .innerJoin('contacts as p', 'p.id', 'b.contact_id')
        .select(['o.id as occurrence_id', 'o.starts_at', 'c.name as class_name', 'p.id as contact_id', 'p.phone'])
        .where('b.status', '=', 'booked')
        .where('o.status', '=', 'scheduled')
        .where('o.starts_at', '>', now)
        .where('o.starts_at', '<=', until)
        .where('p.is_send_sms_reminder', '=', true)
        .where('p.is_archived', '=', false)
        .where('p.phone', 'is not', null)
        .orderBy('o.starts_at')
        .limit(PER_STUDIO_LIMIT)
        .execute()
      const messages = due.flatMap((row) => {
        const to = smsNumberOf(row.phone, settings.country)
        if (!to) return []
        return [
          {
            contactId: row.contact_id,
            to,
            body: classReminderText({ className: row.class_name, startsAt: row.starts_at, studioName: studio.name, timezone: settings.timezone, dateFormat: settings.dateFormat }),
            dedupeKey: `class-reminder:${row.occurrence_id}:${row.contact_id}`,
          },
        ]
      })
      return queueSmsIn(trx, studio.id, messages, { kind: 'reminder', createdBy: null })
    })
    if (queued.queued > 0) {
      await startSmsSend(platform, studio.id, queued.batchId)
      total += queued.queued
    }
  }
  if (total > 0) platform.logger.info({ reminders: total }, 'class reminder texts queued')
  await restartWaitingSends(platform, now)
  return total
}

/**
 * A safety net for the send job's chain of delayed runs: a studio with a message ready for half
 * an hour and still waiting (a run lost with its worker, a clock that jumped) gets a run started
 * again. The run keeps to the page size and timer, so an extra one never sends early.
 */
async function restartWaitingSends(platform: Pick<Platform, 'database' | 'jobs'>, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - STRANDED_AFTER_MS)
  const studios = await asSystem(platform.database, 'find the studios whose text messages wait too long', (trx) =>
    trx
      .selectFrom('sms_messages')
      .select('tenant_id')
      .distinct()
      .where('status', '=', 'queued')
      .where((eb) => eb(eb.fn.coalesce('not_before', 'created_at'), '<', stale))
      .execute(),
  )
  for (const studio of studios) await platform.jobs.enqueue(smsSendJob, { tenantId: studio.tenant_id }, { jobId: smsSendJobId(studio.tenant_id, 'now', `sweep-${now.getTime()}`) })
}
