import { queueClassReminders } from '#server/sms/class-reminders'
import { pruneCallbackNonces } from '#server/sms/sms-delivery-record'
import type { smsReminderSweepJob } from './sms-reminder-sweep'
import type { JobHandler } from './runtime/registry'

export const handleSmsReminderSweep: JobHandler<typeof smsReminderSweepJob> = async (_payload, platform) => {
  const now = platform.clock.now()
  await queueClassReminders(platform, now)
  // The SMS sweep is the one schedule that runs across studios for SMS: it also forgets old callback nonces.
  const forgotten = await pruneCallbackNonces(platform, now)
  if (forgotten > 0) platform.logger.info({ forgottenNonces: forgotten }, 'sms callback nonces pruned')
}
