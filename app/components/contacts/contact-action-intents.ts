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

/** The confirmation of each sending action (website spec 2.11: title, content, No and Yes). */
export function confirmationOf(intent: ConfirmedIntent, contact: ContactActionsContact): { title: string; message: string; yesLabel: string } {
  const to = contact.email ?? 'this contact'
  switch (intent) {
    case 'send-credentials':
      return contact.hasLogin
        ? { title: 'Send credentials', message: `${contact.fullName} already has a login. Send a link to set a new password to ${to}?`, yesLabel: 'Send link' }
        : { title: 'Send credentials', message: `Create a login for ${contact.fullName} and email a link to set the password to ${to}?`, yesLabel: 'Send' }
    case 'reset-password':
      return { title: 'Reset password', message: `Send a password reset link to ${to}? The password stays as it is until the link is used.`, yesLabel: 'Send' }
    case 'request-verification':
      return { title: 'Request email verification', message: `Send a verification link to ${to}?`, yesLabel: 'Send' }
  }
}
