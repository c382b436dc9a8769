import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readBody, sendJson } from './fake-http'

type Provider = 'zoom' | 'googlemeet'

interface PendingCode {
  provider: Provider
  redirectUri: string
  challenge: string
}

interface Grant {
  provider: Provider
  email: string
}

export interface FakeMeetingProvider {
  /** The base URL for ZOOM_OAUTH_URL, ZOOM_API_URL, GOOGLE_OAUTH_BASE_URL and GOOGLE_MEET_API_URL alike. */
  url: string
  /** The env that points the product at this fake, with the client ids and secrets it accepts. */
  env: Record<string, string>
  /** Seconds an access token lasts (default an hour). */
  tokenLifetime: number
  /** Every access and refresh token handed out, so a test can look for them in answers. */
  issuedTokens(): string[]
  /** Tokens revoked, in order. */
  revoked: string[]
  /** Grant types the token endpoint took, in order. */
  tokenGrants: string[]
  /** Meetings made, in order. */
  meetings: Array<{ provider: Provider; id: string; url: string; accessToken: string }>
  /** Makes the next consent answer with this state instead of the one asked (a forged answer). */
  forgeNextState(state: string | null): void
  /** While on, creating a meeting answers 500. */
  refuseMeetings: boolean
  close(): Promise<void>
}

const CLIENTS: Record<Provider, { id: string; secret: string }> = {
  zoom: { id: 'fake-zoom-client', secret: 'fake-zoom-secret' },
  googlemeet: { id: 'fake-google-client', secret: 'fake-google-secret' },
}

/**
 * A local stand-in for Zoom's and Google's OAuth 2.0 endpoints and their meeting APIs, on one
 * port: the consent screens (which consent at once and redirect back with a code), the token
 * endpoints (client secret, PKCE and redirect URI checked; refresh tokens rotated), revoke, the
 * account's email, Zoom's POST /v2/users/me/meetings and Google Meet's POST /v2/spaces.
 */
export async function startFakeMeetingProvider(options: { email?: string } = {}): Promise<FakeMeetingProvider> {
  const email = options.email ?? 'host@meetings.test'
  const codes = new Map<string, PendingCode>()
  const access = new Map<string, { grant: Grant; expiresAt: number }>()
  const refresh = new Map<string, Grant>()
  const issued: string[] = []
  let forgedState: string | null | undefined
  let meetingCount = 0

  const fake: FakeMeetingProvider = {
    url: '',
    env: {},
    tokenLifetime: 3600,
    issuedTokens: () => [...issued],
    revoked: [],
    tokenGrants: [],
    meetings: [],
    forgeNextState(state) {
      forgedState = state
    },
    refuseMeetings: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => sendJson(res, 500, { error: 'server_error' }))
  })

  function consent(provider: Provider, url: URL, res: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri') ?? ''
    if (url.searchParams.get('client_id') !== CLIENTS[provider].id || !redirectUri || url.searchParams.get('code_challenge_method') !== 'S256' || url.searchParams.get('response_type') !== 'code') {
      return sendJson(res, 400, { error: 'invalid_request' })
    }
    const code = randomBytes(16).toString('hex')
    codes.set(code, { provider, redirectUri, challenge: url.searchParams.get('code_challenge') ?? '' })
    const back = new URL(redirectUri)
    back.searchParams.set('code', code)
    const state = forgedState === undefined ? url.searchParams.get('state') : forgedState
    forgedState = undefined
    if (state !== null) back.searchParams.set('state', state ?? '')
    res.writeHead(302, { Location: back.toString() })
    res.end()
  }

  function clientOf(provider: Provider, req: IncomingMessage): boolean {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent) : []
    return id === CLIENTS[provider].id && secret === CLIENTS[provider].secret
  }

  function grantTokens(grant: Grant, res: ServerResponse): void {
    const accessToken = `${grant.provider}-at-${randomBytes(12).toString('hex')}`
    const refreshToken = `${grant.provider}-rt-${randomBytes(12).toString('hex')}`
    access.set(accessToken, { grant, expiresAt: Date.now() + fake.tokenLifetime * 1000 })
    refresh.set(refreshToken, grant)
    issued.push(accessToken, refreshToken)
    sendJson(res, 200, { access_token: accessToken, token_type: 'bearer', refresh_token: refreshToken, expires_in: fake.tokenLifetime, scope: 'meeting:write' })
  }

  async function token(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!clientOf(provider, req)) return sendJson(res, 401, { error: 'invalid_client' })
    const body = new URLSearchParams(await readBody(req))
    const grantType = body.get('grant_type') ?? ''
    fake.tokenGrants.push(grantType)
    if (grantType === 'authorization_code') {
      const pending = codes.get(body.get('code') ?? '')
      codes.delete(body.get('code') ?? '')
      const challenge = createHash('sha256').update(body.get('code_verifier') ?? '').digest('base64url')
      if (!pending || pending.provider !== provider || pending.challenge !== challenge || pending.redirectUri !== body.get('redirect_uri')) return sendJson(res, 400, { error: 'invalid_grant' })
      return grantTokens({ provider, email }, res)
    }
    if (grantType === 'refresh_token') {
      const grant = refresh.get(body.get('refresh_token') ?? '')
      // Refresh tokens are used once: the answer carries the next one.
      refresh.delete(body.get('refresh_token') ?? '')
      if (!grant || grant.provider !== provider) return sendJson(res, 400, { error: 'invalid_grant' })
      return grantTokens(grant, res)
    }
    sendJson(res, 400, { error: 'unsupported_grant_type' })
  }

  async function revoke(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!clientOf(provider, req)) return sendJson(res, 401, { error: 'invalid_client' })
    const tokenValue = new URLSearchParams(await readBody(req)).get('token') ?? ''
    fake.revoked.push(tokenValue)
    access.delete(tokenValue)
    refresh.delete(tokenValue)
    sendJson(res, 200, {})
  }

  function bearer(provider: Provider, req: IncomingMessage): { token: string; grant: Grant } | null {
    const tokenValue = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
    const held = access.get(tokenValue)
    if (!held || held.grant.provider !== provider || held.expiresAt <= Date.now()) return null
    return { token: tokenValue, grant: held.grant }
  }

  function meeting(provider: Provider, req: IncomingMessage, res: ServerResponse): void {
    const caller = bearer(provider, req)
    if (!caller) return sendJson(res, 401, { code: 124, message: 'Invalid access token.' })
    if (fake.refuseMeetings) return sendJson(res, 500, { message: 'meeting service down' })
    meetingCount += 1
    if (provider === 'zoom') {
      const id = 8_100_000_000 + meetingCount
      const url = `https://zoom.fake.test/j/${id}?pwd=${randomBytes(6).toString('hex')}`
      fake.meetings.push({ provider, id: String(id), url, accessToken: caller.token })
      return sendJson(res, 201, { id, join_url: url, topic: 'meeting', type: 3 })
    }
    const code = `abc-defg-${String(meetingCount).padStart(3, '0')}`
    const name = `spaces/${randomBytes(6).toString('hex')}`
    const url = `https://meet.fake.test/${code}`
    fake.meetings.push({ provider, id: name, url, accessToken: caller.token })
    sendJson(res, 200, { name, meetingUri: url, meetingCode: code, config: { accessType: 'TRUSTED' } })
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake')
    const route = `${req.method} ${url.pathname}`
    switch (route) {
      case 'GET /oauth/authorize':
        return consent('zoom', url, res)
      case 'POST /oauth/token':
        return token('zoom', req, res)
      case 'POST /oauth/revoke':
        return revoke('zoom', req, res)
      case 'GET /v2/users/me': {
        const caller = bearer('zoom', req)
        return caller ? sendJson(res, 200, { id: 'u1', email: caller.grant.email }) : sendJson(res, 401, { code: 124 })
      }
      case 'POST /v2/users/me/meetings':
        return meeting('zoom', req, res)
      case 'GET /o/oauth2/v2/auth':
        return consent('googlemeet', url, res)
      case 'POST /token':
        return token('googlemeet', req, res)
      case 'POST /revoke':
        return revoke('googlemeet', req, res)
      case 'GET /v1/userinfo': {
        const caller = bearer('googlemeet', req)
        return caller ? sendJson(res, 200, { sub: '1', email: caller.grant.email, email_verified: true }) : sendJson(res, 401, { error: 'invalid_token' })
      }
      case 'POST /v2/spaces':
        return meeting('googlemeet', req, res)
      default:
        return sendJson(res, 404, { error: 'not_found' })
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  fake.url = `http://127.0.0.1:${port}`
  fake.env = {
    ZOOM_CLIENT_ID: CLIENTS.zoom.id,
    ZOOM_CLIENT_SECRET: CLIENTS.zoom.secret,
    ZOOM_OAUTH_URL: fake.url,
    ZOOM_API_URL: fake.url,
    GOOGLE_CLIENT_ID: CLIENTS.googlemeet.id,
    GOOGLE_CLIENT_SECRET: CLIENTS.googlemeet.secret,
    GOOGLE_OAUTH_BASE_URL: fake.url,
    GOOGLE_MEET_API_URL: fake.url,
  }
  return fake
}
