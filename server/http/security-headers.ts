import { randomFillSync } from 'node:crypto'
import { VIDEO_EMBED_ORIGINS } from '#server/catalog/video-embed'

// Nonces are cut from a block of random bytes filled 256 at a time: one call into the CSPRNG
// per 256 answers instead of one per answer, on the path every page takes.
const NONCE_BYTES = 16
const randomBlock = Buffer.alloc(NONCE_BYTES * 256)
let nextNonceAt = randomBlock.length

export function createNonce(): string {
  if (nextNonceAt >= randomBlock.length) {
    randomFillSync(randomBlock)
    nextNonceAt = 0
  }
  const nonce = randomBlock.toString('base64', nextNonceAt, nextNonceAt + NONCE_BYTES)
  nextNonceAt += NONCE_BYTES
  return nonce
}

/**
 * Headers sent with every response. Inline scripts need the request's nonce; styles allow
 * inline because React style attributes and editors set them. Widgets that must be framed by
 * other sites will set their own frame-ancestors.
 */
export interface PaymentScriptOrigins {
  scripts: readonly string[]
  connect: readonly string[]
  frames: readonly string[]
}

export function securityHeaders(options: {
  nonce: string
  isProduction: boolean
  allowDevSockets: boolean
  /**
   * A public page running the tenant's page script (analytics, chat): such snippets load more
   * scripts and send beacons to their own https hosts, which no fixed list can name.
   */
  thirdPartyScripts?: boolean
  /**
   * Origins a form may end up on besides this one: a checkout post answers with a redirect to
   * the payment provider's hosted page, and browsers hold that redirect to form-action too.
   */
  formTargets?: readonly string[]
  /** Stripe.js: the script, the API it calls from the buyer's browser and the frames it opens (3-D Secure). */
  paymentScripts?: PaymentScriptOrigins | null
}): Record<string, string> {
  const thirdParty = options.thirdPartyScripts === true
  const payments = options.paymentScripts ?? { scripts: [], connect: [], frames: [] }
  const connect = [`'self'`, ...(options.allowDevSockets ? ['ws:', 'wss:'] : []), ...(thirdParty ? ['https:'] : []), ...payments.connect].join(' ')
  const frames = payments.frames.length > 0 ? ` ${payments.frames.join(' ')}` : ''
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}'${thirdParty ? ' https:' : ''}${payments.scripts.map((origin) => ` ${origin}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    thirdParty ? `frame-src 'self' https:${frames}` : `frame-src 'self' https://www.youtube.com ${VIDEO_EMBED_ORIGINS.join(' ')}${frames}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    ["form-action 'self'", ...(options.formTargets ?? [])].join(' '),
    "object-src 'none'",
  ].join('; ')
  const headers: Record<string, string> = {
    'Content-Security-Policy': csp,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  }
  if (options.isProduction) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  return headers
}
