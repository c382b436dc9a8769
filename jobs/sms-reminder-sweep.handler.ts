import { queueClassReminders } from '#server/sms/class-reminders'
import type { smsReminderSweepJob } from './sms-reminder-sweep'
import type { JobHandler } from './runtime/registry'

export const handleSmsReminderSweep: JobHandler<typeof smsReminderSweepJob> = async (_payload, platform) => {
  await queueClassReminders(platform, platform.clock.now())
}
