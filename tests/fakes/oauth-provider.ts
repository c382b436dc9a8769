import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeGoogleAccount {
  email: string
  emailVerified?: boolean
}

export interface FakeOAuthProvider {
  /** The base URL for GOOGLE_OAUTH_BASE_URL. */
  url: string
  clientId: string
  clientSecret: string
  /** The account that the next consent (and every one after it) signs in as. */
  signInAs(account: FakeGoogleAccount): void
  /** Token requests seen, for assertions. */
  tokenRequests: number
  close(): Promise<void>
}

interface PendingCode {
  account: FakeGoogleAccount
  redirectUri: string
  challenge: string
  clientId: string
}

/**
 * A local stand-in for Google's OAuth 2.0 endpoints: the consent screen (which consents at
 * once and redirects back with a code), the token endpoint (client secret and PKCE checked)
 * and userinfo. Same paths as GOOGLE_OAUTH_BASE_URL expects.
 */
export async function startFakeOAuthProvider(options: { clientId?: string; clientSecret?: string } = {}): Promise<FakeOAuthProvider> {
  const clientId = options.clientId ?? 'fake-google-client'
  const clientSecret = options.clientSecret ?? 'fake-google-secret'
  let account: FakeGoogleAccount = { email: 'nobody@example.test' }
  const codes = new Map<string, PendingCode>()
  const tokens = new Map<string, FakeGoogleAccount>()
  let tokenRequests = 0

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: 'server_error' }))
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake')
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? ''
      const state = url.searchParams.get('state') ?? ''
      if (url.searchParams.get('client_id') !== clientId || !redirectUri || url.searchParams.get('code_challenge_method') !== 'S256') {
        return send(res, 400, { error: 'invalid_request' })
      }
      const code = randomBytes(16).toString('hex')
      codes.set(code, { account, redirectUri, challenge: url.searchParams.get('code_challenge') ?? '', clientId })
      const back = new URL(redirectUri)
      back.searchParams.set('code', code)
      back.searchParams.set('state', state)
      res.writeHead(302, { Location: back.toString() })
      res.end()
      return
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      tokenRequests += 1
      const body = new URLSearchParams(await readBody(req))
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1]
      const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent) : []
      if (id !== clientId || secret !== clientSecret) return send(res, 401, { error: 'invalid_client' })
      const pending = codes.get(body.get('code') ?? '')
      codes.delete(body.get('code') ?? '')
      const verifier = body.get('code_verifier') ?? ''
      const challenge = createHash('sha256').update(verifier).digest('base64url')
      if (!pending || pending.challenge !== challenge || pending.redirectUri !== body.get('redirect_uri')) {
        return send(res, 400, { error: 'invalid_grant' })
      }
      const accessToken = randomBytes(16).toString('hex')
      tokens.set(accessToken, pending.account)
      return send(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile' })
    }
    if (req.method === 'GET' && url.pathname === '/v1/userinfo') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
      const who = tokens.get(token)
      if (!who) return send(res, 401, { error: 'invalid_token' })
      return send(res, 200, { sub: createHash('sha1').update(who.email).digest('hex'), email: who.email, email_verified: who.emailVerified ?? true })
    }
    send(res, 404, { error: 'not_found' })
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    signInAs(next) {
      account = next
    },
    get tokenRequests() {
      return tokenRequests
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}
