import type { MeetingProvider } from '#db/tables/meetings'
import type { Env } from '#server/env.server'

export { MEETING_PROVIDERS, type MeetingProvider } from '#db/tables/meetings'

export type MeetingEnv = Pick<
  Env,
  'ZOOM_CLIENT_ID' | 'ZOOM_CLIENT_SECRET' | 'ZOOM_OAUTH_URL' | 'ZOOM_API_URL' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_OAUTH_BASE_URL' | 'GOOGLE_MEET_API_URL'
>

/** Where one provider's OAuth and meeting endpoints live, and the platform's app there. */
export interface MeetingProviderConfig {
  provider: MeetingProvider
  /** As the page names it. */
  name: string
  clientId: string | null
  clientSecret: string | null
  authorization: string
  token: string
  revoke: string
  /** Who the connected account is (its email). */
  account: string
  /** Where a new meeting is created. */
  createMeeting: string
  scopes: string[]
  /** The path the provider sends the browser back to on this host (shell spec: /integrations/zoom). */
  callbackPath: string
}

const trim = (url: string | undefined) => url?.replace(/\/+$/, '')

export const MEETING_PROVIDER_NAMES: Record<MeetingProvider, string> = { zoom: 'Zoom', googlemeet: 'Google Meet' }

/** The provider's endpoints: its real ones, or those of the configured base URLs (a local fake in tests). */
export function meetingProviderConfig(env: MeetingEnv, provider: MeetingProvider): MeetingProviderConfig {
  if (provider === 'zoom') {
    const oauth = trim(env.ZOOM_OAUTH_URL) ?? 'https://zoom.us'
    const api = trim(env.ZOOM_API_URL) ?? 'https://api.zoom.us'
    return {
      provider,
      name: MEETING_PROVIDER_NAMES.zoom,
      clientId: env.ZOOM_CLIENT_ID ?? null,
      clientSecret: env.ZOOM_CLIENT_SECRET ?? null,
      authorization: `${oauth}/oauth/authorize`,
      token: `${oauth}/oauth/token`,
      revoke: `${oauth}/oauth/revoke`,
      account: `${api}/v2/users/me`,
      createMeeting: `${api}/v2/users/me/meetings`,
      scopes: ['meeting:write', 'user:read'],
      callbackPath: '/integrations/zoom',
    }
  }
  const base = trim(env.GOOGLE_OAUTH_BASE_URL)
  const meet = trim(env.GOOGLE_MEET_API_URL) ?? 'https://meet.googleapis.com'
  return {
    provider,
    name: MEETING_PROVIDER_NAMES.googlemeet,
    clientId: env.GOOGLE_CLIENT_ID ?? null,
    clientSecret: env.GOOGLE_CLIENT_SECRET ?? null,
    authorization: base ? `${base}/o/oauth2/v2/auth` : 'https://accounts.google.com/o/oauth2/v2/auth',
    token: base ? `${base}/token` : 'https://oauth2.googleapis.com/token',
    revoke: base ? `${base}/revoke` : 'https://oauth2.googleapis.com/revoke',
    account: base ? `${base}/v1/userinfo` : 'https://openidconnect.googleapis.com/v1/userinfo',
    createMeeting: `${meet}/v2/spaces`,
    scopes: ['openid', 'email', 'https://www.googleapis.com/auth/meetings.space.created'],
    callbackPath: '/integrations/googlemeet',
  }
}

export function isMeetingProviderConfigured(config: Pick<MeetingProviderConfig, 'clientId' | 'clientSecret'>): boolean {
  return Boolean(config.clientId && config.clientSecret)
}

export function parseMeetingProvider(value: unknown): MeetingProvider | null {
  return value === 'zoom' || value === 'googlemeet' ? value : null
}

export const MEETING_MESSAGES = {
  connected: (name: string) => `${name} connected.`,
  disconnected: (name: string) => `${name} disconnected.`,
  failed: (name: string) => `${name} did not connect. Please try again.`,
  stateMismatch: 'This connection request has expired or did not start here. Please press Connect again.',
  notConfigured: (name: string) => `${name} is not set up on this platform yet.`,
  notConnected: 'Connect Zoom or Google Meet under Online Meeting first: no meeting provider is connected.',
  expired: (name: string) => `The ${name} connection has expired. Please connect ${name} again.`,
  providerRefused: (name: string) => `${name} did not create the meeting. Please try again.`,
  generated: 'Meeting link generated.',
  regenerated: 'Meeting link regenerated.',
  providerNotConnected: (name: string) => `${name} is not connected.`,
  chooseConnect: 'Please choose Connect on Zoom or Google Meet.',
  chooseDisconnect: 'Please choose Disconnect on Zoom or Google Meet.',
} as const
