import { runMailingListResync } from '#server/mailing-list/run-resync'
import type { mailingListResyncJob } from './mailing-list-resync'
import type { JobHandler } from './runtime/registry'

export const handleMailingListResync: JobHandler<typeof mailingListResyncJob> = (payload, platform, context) => runMailingListResync(platform, payload, context)
