import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import { MailchimpCallFailed } from './mailchimp-client'
import { defaultMailingListName, maskedApiKey } from './mailing-list-form'
import { connectedList, readMailingListIn } from './mailing-list-store'
import { canResync, syncStatusWord, type MailingListSyncStatus } from './sync-status'

/** What the mailing list page shows; the key only masked. */
export interface MailingListPage {
  /** Create mode: no list is set up yet (spec: listId empty). */
  isCreate: boolean
  values: { name: string; listId: string; fromName: string; fromEmail: string }
  maskedKey: string
  status: MailingListSyncStatus | null
  statusWord: string | null
  canResync: boolean
  progress: { done: number; total: number; memberErrors: number; lastMemberError: string | null; failure: string | null; finishedAt: string | null } | null
}

/** The 'List Info' dialog (spec): the provider's list stats and ours. */
export type ListInfo =
  | { readable: true; name: string; unsubscribeCount: number; campaignCount: number; clickRate: number; openRate: number; syncCount: number; listId: string; maskedKey: string }
  | { readable: false; message: string }

export async function loadMailingListPage(platform: Pick<Platform, 'database'>, tenantId: string, random: () => number = Math.random): Promise<MailingListPage> {
  const list = await withTenant(platform.database, tenantId, readMailingListIn)
  if (!list) {
    return { isCreate: true, values: { name: defaultMailingListName(random), listId: '', fromName: '', fromEmail: '' }, maskedKey: '', status: null, statusWord: null, canResync: false, progress: null }
  }
  return {
    isCreate: false,
    values: { name: list.name, listId: list.listId, fromName: list.fromName, fromEmail: list.fromEmail },
    maskedKey: maskedApiKey(list.keyLast4),
    status: list.status,
    statusWord: syncStatusWord(list.status),
    canResync: canResync(list.status),
    progress: {
      done: list.syncDone,
      total: list.syncTotal,
      memberErrors: list.memberErrors,
      lastMemberError: list.lastMemberError,
      failure: list.failure,
      finishedAt: list.finishedAt ? list.finishedAt.toISOString() : null,
    },
  }
}

export const LIST_INFO_MESSAGES = {
  notSetUp: 'No mailing list is set up yet.',
  unreadable: (detail: string) => `Mailchimp did not answer with the list's figures: ${detail}`,
} as const

/** Reads the list's stats from the provider through the client, with our sync count. */
export async function loadListInfo(platform: Pick<Platform, 'database' | 'env'>, tenantId: string): Promise<ListInfo> {
  const list = await withTenant(platform.database, tenantId, readMailingListIn)
  const connected = list ? await connectedList(platform, tenantId) : null
  if (!list || !connected) return { readable: false, message: LIST_INFO_MESSAGES.notSetUp }
  try {
    const read = await connected.client.readList(list.listId)
    return {
      readable: true,
      name: list.name,
      unsubscribeCount: read.stats.unsubscribe_count,
      campaignCount: read.stats.campaign_count,
      clickRate: read.stats.click_rate,
      openRate: read.stats.open_rate,
      syncCount: list.syncDone,
      listId: list.listId,
      maskedKey: maskedApiKey(list.keyLast4),
    }
  } catch (error) {
    if (error instanceof MailchimpCallFailed) return { readable: false, message: LIST_INFO_MESSAGES.unreadable(error.detail) }
    throw error
  }
}
