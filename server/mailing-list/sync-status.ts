import type { MailingListSyncStatus } from '#db/tables/mailing-lists'

export type { MailingListSyncStatus }

/** The status line's words (settings spec, Mailing list sync status); not_started is the default. */
export const SYNC_STATUS_WORDS: Record<MailingListSyncStatus, string> = {
  not_started: 'Not Started',
  in_progress: 'In progress',
  complete: 'Complete',
  failed: 'Failed',
}

export function syncStatusWord(status: string | null | undefined): string {
  return status && status in SYNC_STATUS_WORDS ? SYNC_STATUS_WORDS[status as MailingListSyncStatus] : SYNC_STATUS_WORDS.not_started
}

/**
 * Whether Resync may be asked for. The spec offers it once the status is complete; a run that
 * failed may be run again too, since nothing else would ever finish it.
 */
export function canResync(status: MailingListSyncStatus): boolean {
  return status === 'complete' || status === 'failed' || status === 'not_started'
}
