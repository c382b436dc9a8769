import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { MeetingProviderConfig } from './meeting-providers'

/**
 * OAuth 2.0 authorization code with PKCE (RFC 7636) against a meeting provider. The state and
 * the code verifier travel in one short-lived, httpOnly cookie scoped to the callback paths, so
 * the answer is accepted only in the browser that asked, and only once.
 */
export const MEETING_OAUTH_COOKIE = 'omeeting_oauth'
/** The callbacks live under settings (see app/routes/_admin+/settings+/integrations.zoom.tsx). */
export const MEETING_OAUTH_COOKIE_PATH = '/settings/integrations'

export interface PendingConnection {
  state: string
  verifier: string
}

export function newPendingConnection(): PendingConnection {
  return { state: randomBytes(24).toString('base64url'), verifier: randomBytes(48).toString('base64url') }
}

export function pendingCookieValue(pending: PendingConnection): string {
  return `${pending.state}.${pending.verifier}`
}

export function readPendingCookie(value: string | null): PendingConnection | null {
  const match = /^([A-Za-z0-9_-]{20,100})\.([A-Za-z0-9_-]{43,128})$/.exec(value ?? '')
  return match?.[1] && match[2] ? { state: match[1], verifier: match[2] } : null
}

export function sameState(expected: string | null | undefined, received: string | null): boolean {
  if (!expected || !received) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(received)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function consentUrl(config: MeetingProviderConfig, input: { pending: PendingConnection; redirectUri: string }): string {
  const url = new URL(config.authorization)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', config.clientId ?? '')
  url.searchParams.set('redirect_uri', input.redirectUri)
  url.searchParams.set('state', input.pending.state)
  url.searchParams.set('code_challenge', createHash('sha256').update(input.pending.verifier).digest('base64url'))
  url.searchParams.set('code_challenge_method', 'S256')
  if (config.provider === 'googlemeet') {
    url.searchParams.set('scope', config.scopes.join(' '))
    // A refresh token, so meetings can be made after the hour the access token lasts.
    url.searchParams.set('access_type', 'offline')
    url.searchParams.set('prompt', 'consent')
  }
  return url.toString()
}

/** What a token endpoint granted, read the same way for both providers. */
export interface GrantedTokens {
  accessToken: string
  refreshToken: string | null
  expiresAt: Date | null
}

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(4000),
  refresh_token: z.string().min(1).max(4000).optional(),
  expires_in: z.coerce.number().int().positive().max(10 * 365 * 86_400).optional(),
})

export class MeetingProviderError extends Error {
  override name = 'MeetingProviderError'
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message)
  }
}

function basicAuth(config: MeetingProviderConfig): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(config.clientId ?? '')}:${encodeURIComponent(config.clientSecret ?? '')}`).toString('base64')}`
}

async function postToken(config: MeetingProviderConfig, form: Record<string, string>, now: Date): Promise<GrantedTokens> {
  const response = await fetch(config.token, {
    method: 'POST',
    headers: { Authorization: basicAuth(config), 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(15_000),
  })
  const parsed = tokenAnswer.safeParse(await response.json().catch(() => null))
  if (!response.ok || !parsed.success) throw new MeetingProviderError(`token endpoint answered ${response.status}`, response.status)
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token ?? null,
    expiresAt: parsed.data.expires_in ? new Date(now.getTime() + parsed.data.expires_in * 1000) : null,
  }
}

/** Trades the one-time code (with the PKCE verifier) for tokens. */
export function exchangeCode(config: MeetingProviderConfig, input: { code: string; verifier: string; redirectUri: string; now: Date }): Promise<GrantedTokens> {
  return postToken(config, { grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, code_verifier: input.verifier }, input.now)
}

/** A fresh access token from the refresh token; a provider that rotates it answers a new one. */
export async function refreshTokens(config: MeetingProviderConfig, refreshToken: string, now: Date): Promise<GrantedTokens> {
  const granted = await postToken(config, { grant_type: 'refresh_token', refresh_token: refreshToken }, now)
  return { ...granted, refreshToken: granted.refreshToken ?? refreshToken }
}

/** Asks the provider to forget the grant; a token it no longer knows counts as revoked. */
export async function revokeToken(config: MeetingProviderConfig, token: string): Promise<void> {
  const response = await fetch(config.revoke, {
    method: 'POST',
    headers: { Authorization: basicAuth(config), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
    signal: AbortSignal.timeout(15_000),
  })
  if (!response.ok && response.status !== 400 && response.status !== 401) throw new MeetingProviderError(`revoke answered ${response.status}`, response.status)
}

const accountAnswer = z.object({ email: z.string().trim().toLowerCase().email().max(254) })

/** The connected account's email, to show who is connected; null when the provider does not say. */
export async function fetchAccountEmail(config: MeetingProviderConfig, accessToken: string): Promise<string | null> {
  const response = await fetch(config.account, { headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' }, signal: AbortSignal.timeout(10_000) }).catch(() => null)
  if (!response?.ok) return null
  const parsed = accountAnswer.safeParse(await response.json().catch(() => null))
  return parsed.success ? parsed.data.email : null
}

const zoomMeeting = z.object({ id: z.union([z.number(), z.string()]).transform(String), join_url: z.string().url().max(2000) })
const meetSpace = z.object({ name: z.string().min(1).max(255), meetingUri: z.string().url().max(2000) })

export interface CreatedMeeting {
  meetingId: string
  meetingUrl: string
}

/**
 * Creates a meeting at the provider: Zoom's POST /v2/users/me/meetings (a recurring meeting with
 * no fixed time, so one link serves every session of a class), or a Google Meet space.
 */
export async function createMeeting(config: MeetingProviderConfig, accessToken: string, input: { topic: string }): Promise<CreatedMeeting> {
  const body = config.provider === 'zoom' ? { topic: input.topic.slice(0, 200), type: 3, settings: { join_before_host: false, waiting_room: true } } : { config: { accessType: 'TRUSTED' } }
  const response = await fetch(config.createMeeting, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  })
  const answer: unknown = await response.json().catch(() => null)
  if (!response.ok) throw new MeetingProviderError(`create meeting answered ${response.status}`, response.status)
  if (config.provider === 'zoom') {
    const parsed = zoomMeeting.safeParse(answer)
    if (!parsed.success || !/^https:\/\//.test(parsed.data.join_url)) throw new MeetingProviderError('create meeting answered no join_url')
    return { meetingId: parsed.data.id, meetingUrl: parsed.data.join_url }
  }
  const parsed = meetSpace.safeParse(answer)
  if (!parsed.success || !/^https:\/\//.test(parsed.data.meetingUri)) throw new MeetingProviderError('create meeting answered no meetingUri')
  return { meetingId: parsed.data.name, meetingUrl: parsed.data.meetingUri }
}
