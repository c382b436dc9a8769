import { createNonce, securityHeaders } from '#server/http/security-headers'

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/)
        return [name ?? '', values.join(' ')] as const
      }),
  )
}

describe('createNonce', () => {
  it('is a fresh base64 value of 128 bits each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()))
    expect(nonces.size).toBe(50)
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
    }
  })
})

describe('securityHeaders', () => {
  const development = securityHeaders({ nonce: 'abc123', isProduction: false, allowDevSockets: false })
  const production = securityHeaders({ nonce: 'abc123', isProduction: true, allowDevSockets: false })

  it('allows inline scripts only with the request nonce', () => {
    const csp = directives(development['Content-Security-Policy'] ?? '')
    expect(csp.get('script-src')).toBe("'self' 'nonce-abc123'")
    expect(csp.get('script-src')).not.toContain('unsafe-inline')
    expect(csp.get('script-src')).not.toContain('unsafe-eval')
    expect(csp.get('default-src')).toBe("'self'")
    expect(csp.get('object-src')).toBe("'none'")
    expect(csp.get('base-uri')).toBe("'self'")
    expect(csp.get('form-action')).toBe("'self'")
  })

  it('lets only our own pages frame us', () => {
    expect(directives(development['Content-Security-Policy'] ?? '').get('frame-ancestors')).toBe("'self'")
    expect(development['X-Frame-Options']).toBe('SAMEORIGIN')
  })

  it('sends the referrer policy and no-sniff on every response', () => {
    for (const headers of [development, production]) {
      expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
      expect(headers['X-Content-Type-Options']).toBe('nosniff')
    }
  })

  it('sends HSTS in production only', () => {
    expect(development).not.toHaveProperty('Strict-Transport-Security')
    expect(production['Strict-Transport-Security']).toMatch(/^max-age=31536000\b/)
  })

  it('opens web sockets for live reload only when asked', () => {
    expect(directives(development['Content-Security-Policy'] ?? '').get('connect-src')).toBe("'self'")
    const dev = securityHeaders({ nonce: 'n', isProduction: false, allowDevSockets: true })
    expect(directives(dev['Content-Security-Policy'] ?? '').get('connect-src')).toBe("'self' ws: wss:")
  })

  it("lets forms end on the payment provider's hosted page only when it is named", () => {
    expect(directives(production['Content-Security-Policy'] ?? '').get('form-action')).toBe("'self'")
    const paying = securityHeaders({ nonce: 'n', isProduction: true, allowDevSockets: false, formTargets: ['https://checkout.stripe.com'] })
    expect(directives(paying['Content-Security-Policy'] ?? '').get('form-action')).toBe("'self' https://checkout.stripe.com")
  })

  it("lets Stripe.js load, call its API and open its frames only when they are named", () => {
    const plain = directives(production['Content-Security-Policy'] ?? '')
    expect(plain.get('script-src')).not.toContain('stripe')
    const paying = directives(
      securityHeaders({
        nonce: 'n',
        isProduction: true,
        allowDevSockets: false,
        paymentScripts: { scripts: ['https://js.stripe.com'], connect: ['https://api.stripe.com'], frames: ['https://js.stripe.com', 'https://hooks.stripe.com'] },
      })['Content-Security-Policy'] ?? '',
    )
    expect(paying.get('script-src')).toBe("'self' 'nonce-n' https://js.stripe.com")
    expect(paying.get('connect-src')).toBe("'self' https://api.stripe.com")
    expect(paying.get('frame-src')).toContain('https://js.stripe.com https://hooks.stripe.com')
  })

  it('puts a different nonce in each response', () => {
    const a = securityHeaders({ nonce: createNonce(), isProduction: false, allowDevSockets: false })
    const b = securityHeaders({ nonce: createNonce(), isProduction: false, allowDevSockets: false })
    expect(a['Content-Security-Policy']).not.toBe(b['Content-Security-Policy'])
  })

  it("lets a page running the tenant's page script load scripts, connect and frame over https, nothing more", () => {
    const page = directives(securityHeaders({ nonce: 'n', isProduction: true, allowDevSockets: false, thirdPartyScripts: true })['Content-Security-Policy'] ?? '')
    expect(page.get('script-src')).toBe("'self' 'nonce-n' https:")
    expect(page.get('connect-src')).toBe("'self' https:")
    expect(page.get('frame-src')).toBe("'self' https:")
    expect(page.get('object-src')).toBe("'none'")
    expect(page.get('frame-ancestors')).toBe("'self'")
    expect(directives(production['Content-Security-Policy'] ?? '').get('script-src')).not.toContain('https:')
  })
})
