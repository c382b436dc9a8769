import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import MailComposer from 'nodemailer/lib/mail-composer'
import { z } from 'zod'
import type { EmailProvider, EmailProviderConfig } from './email-providers'

/**
 * OAuth 2.0 authorization code with PKCE (RFC 7636) against a mail provider. What the browser
 * must bring back (the state, the verifier, the address and choice it asked for) travels in one
 * short-lived, httpOnly cookie, signed with the app secret and naming the signed-in staff member
 * and tenant: the answer is accepted only in the browser that asked, for the person who asked.
 */
export { EMAIL_OAUTH_COOKIE, EMAIL_OAUTH_PATH } from './connect-email-steps'
const PENDING_MINUTES = 15

export interface PendingEmailConnection {
  state: string
  verifier: string
  provider: EmailProvider
  address: string
  isShared: boolean
  contactId: string
  tenantId: string
  expiresAt: number
}

const pendingShape = z.object({
  state: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
  verifier: z.string().regex(/^[A-Za-z0-9_-]{43,128}$/),
  provider: z.enum(['googlemail', 'zohomail', 'outlookmail']),
  address: z.string().email().max(254),
  isShared: z.boolean(),
  contactId: z.string().uuid(),
  tenantId: z.string().uuid(),
  expiresAt: z.number().int(),
})

const sign = (appSecret: string, payload: string) => createHmac('sha256', appSecret).update(`connect-email:${payload}`).digest('base64url')

export function newPendingEmailConnection(input: Omit<PendingEmailConnection, 'state' | 'verifier' | 'expiresAt'>, now: Date): PendingEmailConnection {
  return { ...input, state: randomBytes(24).toString('base64url'), verifier: randomBytes(48).toString('base64url'), expiresAt: now.getTime() + PENDING_MINUTES * 60_000 }
}

export function pendingEmailCookieValue(appSecret: string, pending: PendingEmailConnection): string {
  const payload = Buffer.from(JSON.stringify(pending)).toString('base64url')
  return `${payload}.${sign(appSecret, payload)}`
}

export function sameSecret(expected: string | null | undefined, received: string | null | undefined): boolean {
  if (!expected || !received) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(received)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The pending connection, if the cookie is ours, unexpired and for this person in this tenant. */
export function readPendingEmailCookie(appSecret: string, value: string | null, expect: { contactId: string; tenantId: string; now: Date }): PendingEmailConnection | null {
  const [payload, signature, extra] = (value ?? '').split('.')
  if (!payload || !signature || extra !== undefined || !sameSecret(sign(appSecret, payload), signature)) return null
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  const parsed = pendingShape.safeParse(decoded)
  if (!parsed.success) return null
  const pending = parsed.data
  if (pending.contactId !== expect.contactId || pending.tenantId !== expect.tenantId || pending.expiresAt <= expect.now.getTime()) return null
  return pending
}

export function emailConsentUrl(config: EmailProviderConfig, input: { pending: PendingEmailConnection; redirectUri: string }): string {
  const url = new URL(config.authorization)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', config.clientId ?? '')
  url.searchParams.set('redirect_uri', input.redirectUri)
  url.searchParams.set('scope', config.scopes.join(config.provider === 'zohomail' ? ',' : ' '))
  url.searchParams.set('state', input.pending.state)
  url.searchParams.set('code_challenge', createHash('sha256').update(input.pending.verifier).digest('base64url'))
  url.searchParams.set('code_challenge_method', 'S256')
  url.searchParams.set('login_hint', input.pending.address)
  // A refresh token, so mail can still be sent after the hour an access token lasts.
  if (config.provider !== 'outlookmail') url.searchParams.set('access_type', 'offline')
  url.searchParams.set('prompt', 'consent')
  return url.toString()
}

/** What a token endpoint granted. */
export interface GrantedEmailTokens {
  accessToken: string
  refreshToken: string | null
  expiresAt: Date | null
}

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(8000),
  refresh_token: z.string().min(1).max(8000).optional(),
  expires_in: z.coerce.number().int().positive().max(10 * 365 * 86_400).optional(),
})

export class EmailProviderError extends Error {
  override name = 'EmailProviderError'
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message)
  }
}

async function postToken(config: EmailProviderConfig, form: Record<string, string>, now: Date): Promise<GrantedEmailTokens> {
  const response = await fetch(config.token, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({ ...form, client_id: config.clientId ?? '', client_secret: config.clientSecret ?? '' }),
    signal: AbortSignal.timeout(15_000),
  })
  const parsed = tokenAnswer.safeParse(await response.json().catch(() => null))
  if (!response.ok || !parsed.success) throw new EmailProviderError(`token endpoint answered ${response.status}`, response.status)
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token ?? null,
    expiresAt: parsed.data.expires_in ? new Date(now.getTime() + parsed.data.expires_in * 1000) : null,
  }
}

/** Trades the one-time code (with the PKCE verifier) for tokens. */
export function exchangeEmailCode(config: EmailProviderConfig, input: { code: string; verifier: string; redirectUri: string; now: Date }): Promise<GrantedEmailTokens> {
  return postToken(config, { grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, code_verifier: input.verifier }, input.now)
}

/** A fresh access token from the refresh token; a provider that rotates it answers a new one. */
export async function refreshEmailTokens(config: EmailProviderConfig, refreshToken: string, now: Date): Promise<GrantedEmailTokens> {
  const granted = await postToken(config, { grant_type: 'refresh_token', refresh_token: refreshToken }, now)
  return { ...granted, refreshToken: granted.refreshToken ?? refreshToken }
}

/**
 * Gives the grant up at the provider: Google and Zoho revoke the refresh token (else the access
 * token). Microsoft has no revocation of one app's tokens (only of every sign-in session of the
 * person, which would sign them out everywhere), so there nothing is called: the tokens are
 * deleted here and lapse unused. A token the provider no longer knows counts as revoked.
 */
export async function revokeEmailGrant(config: EmailProviderConfig, tokens: { accessToken: string | null; refreshToken: string | null }): Promise<void> {
  const token = tokens.refreshToken ?? tokens.accessToken
  if (!token || config.revoke === null) return
  const request =
    config.provider === 'zohomail'
      ? fetch(`${config.revoke}?${new URLSearchParams({ token })}`, { method: 'POST', signal: AbortSignal.timeout(15_000) })
      : fetch(config.revoke, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }), signal: AbortSignal.timeout(15_000) })
  const response = await request.catch((error: unknown) => {
    throw new EmailProviderError(`revoke did not answer: ${error instanceof Error ? error.message : String(error)}`)
  })
  if (!response.ok && response.status !== 400 && response.status !== 401) throw new EmailProviderError(`revoke answered ${response.status}`, response.status)
}

const googleAccount = z.object({ email: z.string().trim().toLowerCase().email().max(254) })
const microsoftAccount = z.object({ mail: z.string().trim().toLowerCase().email().max(254).nullish(), userPrincipalName: z.string().trim().toLowerCase().max(254).nullish() })
const zohoAccounts = z.object({
  data: z.array(z.object({ accountId: z.union([z.string(), z.number()]).transform(String), primaryEmailAddress: z.string().trim().toLowerCase().email().max(254) })).min(1),
})

const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}`, Accept: 'application/json' })

async function zohoAccount(config: EmailProviderConfig, accessToken: string): Promise<{ accountId: string; address: string } | null> {
  const response = await fetch(config.account, { headers: { Authorization: `Zoho-oauthtoken ${accessToken}`, Accept: 'application/json' }, signal: AbortSignal.timeout(10_000) }).catch(() => null)
  if (!response?.ok) return null
  const parsed = zohoAccounts.safeParse(await response.json().catch(() => null))
  const first = parsed.success ? parsed.data.data[0] : undefined
  return first ? { accountId: first.accountId, address: first.primaryEmailAddress } : null
}

/** The connected mailbox's address, as the provider says it; null when it does not. */
export async function fetchMailboxAddress(config: EmailProviderConfig, accessToken: string): Promise<string | null> {
  if (config.provider === 'zohomail') return (await zohoAccount(config, accessToken))?.address ?? null
  const response = await fetch(config.account, { headers: bearer(accessToken), signal: AbortSignal.timeout(10_000) }).catch(() => null)
  if (!response?.ok) return null
  const answer: unknown = await response.json().catch(() => null)
  if (config.provider === 'googlemail') {
    const parsed = googleAccount.safeParse(answer)
    return parsed.success ? parsed.data.email : null
  }
  const parsed = microsoftAccount.safeParse(answer)
  const address = parsed.success ? (parsed.data.mail ?? parsed.data.userPrincipalName ?? null) : null
  return address && z.string().email().safeParse(address).success ? address : null
}

export interface OutgoingMail {
  from: string
  fromName: string | null
  to: string
  subject: string
  text: string
}

/** The message as RFC 5322 text (headers encoded as needed), for Gmail's raw send. */
export async function composeRawMessage(mail: OutgoingMail): Promise<Buffer> {
  const composer = new MailComposer({ from: mail.fromName ? { name: mail.fromName, address: mail.from } : mail.from, to: mail.to, subject: mail.subject, text: mail.text })
  return composer.compile().build()
}

/**
 * Sends one message from the mailbox through the provider's own API: Gmail's
 * users/me/messages/send (the raw message, base64url), Microsoft Graph's me/sendMail, or Zoho
 * Mail's accounts/{accountId}/messages. Anything but success throws.
 */
export async function sendFromMailbox(config: EmailProviderConfig, accessToken: string, mail: OutgoingMail): Promise<void> {
  let response: Response
  if (config.provider === 'googlemail') {
    const raw = (await composeRawMessage(mail)).toString('base64url')
    response = await fetch(config.send, { method: 'POST', headers: { ...bearer(accessToken), 'Content-Type': 'application/json' }, body: JSON.stringify({ raw }), signal: AbortSignal.timeout(20_000) })
  } else if (config.provider === 'outlookmail') {
    const message = { subject: mail.subject, body: { contentType: 'Text', content: mail.text }, toRecipients: [{ emailAddress: { address: mail.to } }] }
    response = await fetch(config.send, { method: 'POST', headers: { ...bearer(accessToken), 'Content-Type': 'application/json' }, body: JSON.stringify({ message, saveToSentItems: true }), signal: AbortSignal.timeout(20_000) })
  } else {
    const account = await zohoAccount(config, accessToken)
    if (!account) throw new EmailProviderError('Zoho did not name the mail account')
    const body = { fromAddress: account.address, toAddress: mail.to, subject: mail.subject, content: mail.text, mailFormat: 'plaintext' }
    response = await fetch(config.send.replace('{accountId}', encodeURIComponent(account.accountId)), {
      method: 'POST',
      headers: { Authorization: `Zoho-oauthtoken ${accessToken}`, Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    })
  }
  if (!response.ok) throw new EmailProviderError(`send answered ${response.status}`, response.status)
}
