import type { EmailProvider } from '#db/tables/connected-email-accounts'
import type { Env } from '#server/env.server'

export { EMAIL_PROVIDERS, type EmailProvider } from '#db/tables/connected-email-accounts'

export type EmailProviderEnv = Pick<
  Env,
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'MICROSOFT_CLIENT_ID'
  | 'MICROSOFT_CLIENT_SECRET'
  | 'ZOHO_CLIENT_ID'
  | 'ZOHO_CLIENT_SECRET'
  | 'EMAIL_OAUTH_GOOGLE_URL'
  | 'EMAIL_OAUTH_MICROSOFT_URL'
  | 'EMAIL_OAUTH_ZOHO_URL'
>

/** Where one mail provider's OAuth endpoints and mail API live, and the platform's app there. */
export interface EmailProviderConfig {
  provider: EmailProvider
  /** As the page names it. */
  name: string
  clientId: string | null
  clientSecret: string | null
  authorization: string
  token: string
  /** Where a grant is given up; null for Microsoft, which cannot revoke one app's tokens (see revokeEmailGrant). */
  revoke: string | null
  /** Who the connected mailbox is (its address). */
  account: string
  /** Where a message is sent from the mailbox. */
  send: string
  scopes: string[]
}

const trim = (url: string | undefined) => url?.replace(/\/+$/, '')

export const EMAIL_PROVIDER_NAMES: Record<EmailProvider, string> = { googlemail: 'Google', zohomail: 'Zoho', outlookmail: 'Microsoft' }

/** The provider's endpoints: its real ones, or all under the configured base URL (a local fake in tests). */
export function emailProviderConfig(env: EmailProviderEnv, provider: EmailProvider): EmailProviderConfig {
  const name = EMAIL_PROVIDER_NAMES[provider]
  if (provider === 'googlemail') {
    const base = trim(env.EMAIL_OAUTH_GOOGLE_URL)
    return {
      provider,
      name,
      clientId: env.GOOGLE_CLIENT_ID ?? null,
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? null,
      authorization: `${base ?? 'https://accounts.google.com'}/o/oauth2/v2/auth`,
      token: `${base ?? 'https://oauth2.googleapis.com'}/token`,
      revoke: `${base ?? 'https://oauth2.googleapis.com'}/revoke`,
      account: `${base ?? 'https://openidconnect.googleapis.com'}/v1/userinfo`,
      send: `${base ?? 'https://gmail.googleapis.com'}/gmail/v1/users/me/messages/send`,
      scopes: ['openid', 'email', 'https://www.googleapis.com/auth/gmail.send'],
    }
  }
  if (provider === 'outlookmail') {
    const login = trim(env.EMAIL_OAUTH_MICROSOFT_URL) ?? 'https://login.microsoftonline.com'
    const graph = trim(env.EMAIL_OAUTH_MICROSOFT_URL) ?? 'https://graph.microsoft.com'
    return {
      provider,
      name,
      clientId: env.MICROSOFT_CLIENT_ID ?? null,
      clientSecret: env.MICROSOFT_CLIENT_SECRET ?? null,
      authorization: `${login}/common/oauth2/v2.0/authorize`,
      token: `${login}/common/oauth2/v2.0/token`,
      revoke: null,
      account: `${graph}/v1.0/me`,
      send: `${graph}/v1.0/me/sendMail`,
      scopes: ['openid', 'email', 'offline_access', 'User.Read', 'Mail.Send'],
    }
  }
  const accounts = trim(env.EMAIL_OAUTH_ZOHO_URL) ?? 'https://accounts.zoho.com'
  const mail = trim(env.EMAIL_OAUTH_ZOHO_URL) ?? 'https://mail.zoho.com'
  return {
    provider,
    name,
    clientId: env.ZOHO_CLIENT_ID ?? null,
    clientSecret: env.ZOHO_CLIENT_SECRET ?? null,
    authorization: `${accounts}/oauth/v2/auth`,
    token: `${accounts}/oauth/v2/token`,
    revoke: `${accounts}/oauth/v2/token/revoke`,
    account: `${mail}/api/accounts`,
    send: `${mail}/api/accounts/{accountId}/messages`,
    scopes: ['ZohoMail.accounts.READ', 'ZohoMail.messages.CREATE'],
  }
}

export function isEmailProviderConfigured(config: Pick<EmailProviderConfig, 'clientId' | 'clientSecret'>): boolean {
  return Boolean(config.clientId && config.clientSecret)
}

export function parseEmailProvider(value: unknown): EmailProvider | null {
  return value === 'googlemail' || value === 'zohomail' || value === 'outlookmail' ? value : null
}

/** The words of the connect-email screen (settings spec: Connected emails, error catalogue). */
export const EMAIL_ACCOUNT_MESSAGES = {
  emailRequired: 'Email is required!',
  other: "We can't identify your email provider.",
  otherHelp: 'Connecting works with mailboxes at Google (Gmail, Google Workspace), Microsoft (Outlook, Microsoft 365) and Zoho. Please try an address of one of them.',
  lookupFailed: 'We could not look up your email provider just now. Please try again in a moment.',
  notConfigured: (name: string) => `Connecting ${name} mailboxes is not set up on this platform yet.`,
  zohoNotice: 'Zoho cannot send bulk emails: a Zoho account can only send individual personal emails.',
  connected: (address: string) => `${address} connected.`,
  failed: (name: string) => `${name} did not connect your mailbox. Please try again.`,
  stateMismatch: 'This connection request has expired or did not start here. Please connect your email again.',
  revokeConfirm: "Do you want to revoke selected account's access, Are you sure?",
  revoked: 'Account access revoked.',
  revokeFailed: 'Some error occurred. Please contact your account manager.',
  noData: 'No data found!',
  franchiseMode: 'Connect your email in your own organisation, not while acting on a franchise.',
  unknownAction: 'Unknown action.',
} as const
