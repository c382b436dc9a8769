import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readBody, sendJson } from './fake-http'

type Provider = 'google' | 'microsoft' | 'zoho'

interface PendingCode {
  provider: Provider
  redirectUri: string
  challenge: string
  address: string
}

interface Grant {
  provider: Provider
  address: string
}

/** A message a mailbox sent, as the fake read it. */
export interface SentMail {
  provider: Provider
  from: string
  to: string
  subject: string
  text: string
  accessToken: string
}

export interface FakeMailOAuthProvider {
  url: string
  /** The env that points the product at this fake, with the client ids and secrets it accepts. */
  env: Record<string, string>
  /** Seconds an access token lasts (default an hour). */
  tokenLifetime: number
  /** Every access and refresh token handed out, so a test can look for them in answers. */
  issuedTokens(): string[]
  /** Tokens revoked (Google, Zoho), in order. */
  revoked: string[]
  /** Grant types the token endpoints took, in order. */
  tokenGrants: string[]
  sent: SentMail[]
  /** Makes the next consent answer with this state instead of the one asked (a forged answer). */
  forgeNextState(state: string | null): void
  /** While on, revoke answers 500. */
  refuseRevoke: boolean
  /** While on, sending answers 500. */
  refuseSend: boolean
  close(): Promise<void>
}

const CLIENTS: Record<Provider, { id: string; secret: string }> = {
  google: { id: 'fake-google-mail-client', secret: 'fake-google-mail-secret' },
  microsoft: { id: 'fake-microsoft-client', secret: 'fake-microsoft-secret' },
  zoho: { id: 'fake-zoho-client', secret: 'fake-zoho-secret' },
}

/** Reads the few headers and the text/plain body of a raw message (what Gmail's send takes). */
function readRawMessage(raw: string): { from: string; to: string; subject: string; text: string } {
  const message = Buffer.from(raw, 'base64url').toString('utf8')
  const split = message.indexOf('\r\n\r\n')
  const head = message.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const body = message.slice(split + 4)
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
  // RFC 2047 encoded words, B (base64) or Q (quoted-printable-like); adjacent words join without the space between.
  const decodeWords = (value: string) =>
    value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_all, kind: string, word: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : Buffer.from(word.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    )
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
        : body
  return { from: decodeWords(header('From')), to: decodeWords(header('To')), subject: decodeWords(header('Subject')), text: text.replace(/\r\n/g, '\n').replace(/\n$/, '') }
}

/**
 * A local stand-in for Google's, Microsoft's and Zoho's OAuth 2.0 endpoints and their mail send
 * APIs, one path prefix each (/google, /microsoft, /zoho): the consent screens (which consent at
 * once, as the hinted address, and redirect back with a code), the token endpoints (client
 * secret, PKCE and redirect URI checked; refresh tokens rotated), revoke (Google, Zoho;
 * Microsoft has none to call), the mailbox's address, Gmail's users/me/messages/send (a
 * base64url raw message), Graph's me/sendMail and Zoho Mail's accounts/{id}/messages.
 */
export async function startFakeMailOAuthProvider(): Promise<FakeMailOAuthProvider> {
  const codes = new Map<string, PendingCode>()
  const access = new Map<string, { grant: Grant; expiresAt: number }>()
  const refresh = new Map<string, Grant>()
  const issued: string[] = []
  let forgedState: string | null | undefined

  const fake: FakeMailOAuthProvider = {
    url: '',
    env: {},
    tokenLifetime: 3600,
    issuedTokens: () => [...issued],
    revoked: [],
    tokenGrants: [],
    sent: [],
    forgeNextState(state) {
      forgedState = state
    },
    refuseRevoke: false,
    refuseSend: false,
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
    const address = (url.searchParams.get('login_hint') ?? `someone@${provider}.fake.test`).toLowerCase()
    codes.set(code, { provider, redirectUri, challenge: url.searchParams.get('code_challenge') ?? '', address })
    const back = new URL(redirectUri)
    back.searchParams.set('code', code)
    const state = forgedState === undefined ? url.searchParams.get('state') : forgedState
    forgedState = undefined
    if (state !== null) back.searchParams.set('state', state)
    res.writeHead(302, { Location: back.toString() })
    res.end()
  }

  function grantTokens(grant: Grant, res: ServerResponse): void {
    const accessToken = `${grant.provider}-mail-at-${randomBytes(12).toString('hex')}`
    const refreshToken = `${grant.provider}-mail-rt-${randomBytes(12).toString('hex')}`
    access.set(accessToken, { grant, expiresAt: Date.now() + fake.tokenLifetime * 1000 })
    refresh.set(refreshToken, grant)
    issued.push(accessToken, refreshToken)
    sendJson(res, 200, { access_token: accessToken, token_type: 'Bearer', refresh_token: refreshToken, expires_in: fake.tokenLifetime })
  }

  async function token(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = new URLSearchParams(await readBody(req))
    if (body.get('client_id') !== CLIENTS[provider].id || body.get('client_secret') !== CLIENTS[provider].secret) return sendJson(res, 401, { error: 'invalid_client' })
    const grantType = body.get('grant_type') ?? ''
    fake.tokenGrants.push(grantType)
    if (grantType === 'authorization_code') {
      const pending = codes.get(body.get('code') ?? '')
      codes.delete(body.get('code') ?? '')
      const challenge = createHash('sha256').update(body.get('code_verifier') ?? '').digest('base64url')
      if (!pending || pending.provider !== provider || pending.challenge !== challenge || pending.redirectUri !== body.get('redirect_uri')) return sendJson(res, 400, { error: 'invalid_grant' })
      return grantTokens({ provider, address: pending.address }, res)
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

  function forget(tokenValue: string): void {
    fake.revoked.push(tokenValue)
    access.delete(tokenValue)
    refresh.delete(tokenValue)
  }

  function bearer(provider: Provider, req: IncomingMessage): { token: string; grant: Grant } | null {
    const scheme = provider === 'zoho' ? 'Zoho-oauthtoken' : 'Bearer'
    const tokenValue = new RegExp(`^${scheme} (.+)$`).exec(req.headers.authorization ?? '')?.[1] ?? ''
    const held = access.get(tokenValue)
    if (!held || held.grant.provider !== provider || held.expiresAt <= Date.now()) return null
    return { token: tokenValue, grant: held.grant }
  }

  async function send(provider: Provider, req: IncomingMessage, res: ServerResponse, accountId?: string): Promise<void> {
    const caller = bearer(provider, req)
    if (!caller) return sendJson(res, 401, { error: 'invalid_token' })
    if (fake.refuseSend) return sendJson(res, 500, { error: 'mail service down' })
    const body = JSON.parse((await readBody(req)) || 'null') as Record<string, unknown> | null
    if (provider === 'google') {
      if (typeof body?.raw !== 'string' || !/^[A-Za-z0-9_-]+$/.test(body.raw)) return sendJson(res, 400, { error: 'invalid raw' })
      fake.sent.push({ provider, ...readRawMessage(body.raw), accessToken: caller.token })
      return sendJson(res, 200, { id: randomBytes(8).toString('hex'), threadId: randomBytes(8).toString('hex'), labelIds: ['SENT'] })
    }
    if (provider === 'microsoft') {
      const message = body?.message as { subject?: string; body?: { content?: string }; toRecipients?: Array<{ emailAddress?: { address?: string } }> } | undefined
      const to = message?.toRecipients?.[0]?.emailAddress?.address
      if (!message?.subject || !to) return sendJson(res, 400, { error: { code: 'ErrorInvalidRecipients' } })
      fake.sent.push({ provider, from: caller.grant.address, to, subject: message.subject, text: message.body?.content ?? '', accessToken: caller.token })
      res.writeHead(202)
      return void res.end()
    }
    if (accountId !== accountIdOf(caller.grant.address)) return sendJson(res, 404, { status: { code: 404 } })
    fake.sent.push({ provider, from: String(body?.fromAddress ?? ''), to: String(body?.toAddress ?? ''), subject: String(body?.subject ?? ''), text: String(body?.content ?? ''), accessToken: caller.token })
    sendJson(res, 200, { status: { code: 200, description: 'success' }, data: { messageId: randomBytes(8).toString('hex') } })
  }

  const accountIdOf = (address: string) => createHash('sha256').update(address).digest('hex').slice(0, 12)

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake')
    const [, prefix = '', ...rest] = url.pathname.split('/')
    const provider = (['google', 'microsoft', 'zoho'] as const).find((each) => each === prefix)
    if (!provider) return sendJson(res, 404, { error: 'not_found' })
    const route = `${req.method} /${rest.join('/')}`
    // Microsoft has no revocation of one app's tokens: nothing answers there.
  const paths: Record<Provider, { consent: string; token: string; revoke: string | null; account: string; send: string }> = {
      google: { consent: 'GET /o/oauth2/v2/auth', token: 'POST /token', revoke: 'POST /revoke', account: 'GET /v1/userinfo', send: 'POST /gmail/v1/users/me/messages/send' },
      microsoft: {
        consent: 'GET /common/oauth2/v2.0/authorize',
        token: 'POST /common/oauth2/v2.0/token',
        revoke: null,
        account: 'GET /v1.0/me',
        send: 'POST /v1.0/me/sendMail',
      },
      zoho: { consent: 'GET /oauth/v2/auth', token: 'POST /oauth/v2/token', revoke: 'POST /oauth/v2/token/revoke', account: 'GET /api/accounts', send: 'POST /api/accounts/{id}/messages' },
    }
    const own = paths[provider]
    if (route === own.consent) return consent(provider, url, res)
    if (route === own.token) return token(provider, req, res)
    if (route === own.revoke) {
      if (fake.refuseRevoke) return sendJson(res, 500, { error: 'revoke service down' })
      const tokenValue = provider === 'zoho' ? (url.searchParams.get('token') ?? '') : (new URLSearchParams(await readBody(req)).get('token') ?? '')
      forget(tokenValue)
      return sendJson(res, 200, {})
    }
    if (route === own.account) {
      const caller = bearer(provider, req)
      if (!caller) return sendJson(res, 401, { error: 'invalid_token' })
      if (provider === 'google') return sendJson(res, 200, { sub: '1', email: caller.grant.address, email_verified: true })
      if (provider === 'microsoft') return sendJson(res, 200, { id: '1', mail: caller.grant.address, userPrincipalName: caller.grant.address })
      return sendJson(res, 200, { status: { code: 200 }, data: [{ accountId: accountIdOf(caller.grant.address), primaryEmailAddress: caller.grant.address }] })
    }
    if (route === own.send) return send(provider, req, res)
    const zohoSend = provider === 'zoho' ? /^POST \/api\/accounts\/([^/]+)\/messages$/.exec(route) : null
    if (zohoSend) return send(provider, req, res, decodeURIComponent(zohoSend[1] ?? ''))
    sendJson(res, 404, { error: 'not_found' })
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  fake.url = `http://127.0.0.1:${port}`
  fake.env = {
    GOOGLE_CLIENT_ID: CLIENTS.google.id,
    GOOGLE_CLIENT_SECRET: CLIENTS.google.secret,
    MICROSOFT_CLIENT_ID: CLIENTS.microsoft.id,
    MICROSOFT_CLIENT_SECRET: CLIENTS.microsoft.secret,
    ZOHO_CLIENT_ID: CLIENTS.zoho.id,
    ZOHO_CLIENT_SECRET: CLIENTS.zoho.secret,
    EMAIL_OAUTH_GOOGLE_URL: `${fake.url}/google`,
    EMAIL_OAUTH_MICROSOFT_URL: `${fake.url}/microsoft`,
    EMAIL_OAUTH_ZOHO_URL: `${fake.url}/zoho`,
  }
  return fake
}
