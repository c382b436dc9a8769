import type { ActivityReportState } from '#server/contacts/activity-report/activity-report-requests'

/** The actions that send the contact something and so ask first. */
export const CONFIRMED_INTENTS = ['send-credentials', 'reset-password', 'request-verification'] as const
export type ConfirmedIntent = (typeof CONFIRMED_INTENTS)[number]

export function isConfirmedIntent(value: unknown): value is ConfirmedIntent {
  return typeof value === 'string' && (CONFIRMED_INTENTS as readonly string[]).includes(value)
}

/** The contact as the actions need it (the profile header passes its own). */
export type ContactActionsContact = {
  guId: string
  email: string | null
  hasLogin: boolean
  isEmailVerified: boolean
  fullName: string
}

/** What an action answers a fetcher (`reply=json`), and a page post that was refused: a toast, with the intent it answers. */
export type ContactActionReply = {
  intent: string
  type: 'success' | 'error'
  message: string
  reportId?: string
}

/** The part of the actions page's data the menu polls for a report's state. */
export type ContactActionsPageData = { report: ActivityReportState | null }

export const actionsPath = (guId: string) => `/contacts/${guId}/actions`
export const activityReportPath = (guId: string, reportId: string) => `/contacts/${guId}/activity-report/${reportId}`

/** The words a confirmation is written with: the contacts screens' t. */
type ContactsT = (key: 'confirm_thisContact' | 'actions_sendCredentials' | 'confirm_credentialsHasLogin' | 'confirm_credentialsNew' | 'confirm_sendLink' | 'confirm_send' | 'actions_resetPassword' | 'confirm_reset' | 'actions_requestVerification' | 'confirm_verify', values?: Record<string, string>) => string

/** The confirmation of each sending action (website spec 2.11: title, content, No and Yes), in the page's language. */
export function confirmationOf(intent: ConfirmedIntent, contact: ContactActionsContact, t: ContactsT): { title: string; message: string; yesLabel: string } {
  const to = contact.email ?? t('confirm_thisContact')
  const name = contact.fullName
  switch (intent) {
    case 'send-credentials':
      return contact.hasLogin
        ? { title: t('actions_sendCredentials'), message: t('confirm_credentialsHasLogin', { name, to }), yesLabel: t('confirm_sendLink') }
        : { title: t('actions_sendCredentials'), message: t('confirm_credentialsNew', { name, to }), yesLabel: t('confirm_send') }
    case 'reset-password':
      return { title: t('actions_resetPassword'), message: t('confirm_reset', { to }), yesLabel: t('confirm_send') }
    case 'request-verification':
      return { title: t('actions_requestVerification'), message: t('confirm_verify', { to }), yesLabel: t('confirm_send') }
  }
}
