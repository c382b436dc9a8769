import { pushContactToMailingList } from '#server/mailing-list/push-contact'
import type { mailingListPushJob } from './mailing-list-push'
import type { JobHandler } from './runtime/registry'

export const handleMailingListPush: JobHandler<typeof mailingListPushJob> = (payload, platform, context) => pushContactToMailingList(platform, payload, context)
