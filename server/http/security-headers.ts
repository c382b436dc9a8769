import { randomBytes } from 'node:crypto'

export function createNonce(): string {
  return randomBytes(16).toString('base64')
}

/**
 * Headers sent with every response. Inline scripts need the request's nonce; styles allow
 * inline because React style attributes and editors set them. Widgets that must be framed by
 * other sites will set their own frame-ancestors.
 */
export function securityHeaders(options: {
  nonce: string
  isProduction: boolean
  allowDevSockets: boolean
  /**
   * A public page running the tenant's page script (analytics, chat): such snippets load more
   * scripts and send beacons to their own https hosts, which no fixed list can name.
   */
  thirdPartyScripts?: boolean
}): Record<string, string> {
  const thirdParty = options.thirdPartyScripts === true
  const connect = [`'self'`, ...(options.allowDevSockets ? ['ws:', 'wss:'] : []), ...(thirdParty ? ['https:'] : [])].join(' ')
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}'${thirdParty ? ' https:' : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    thirdParty ? "frame-src 'self' https:" : "frame-src 'self' https://www.youtube.com https://player.vimeo.com",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
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
