import { getToast, redirectWithToast, TOAST_COOKIE } from '#app/utils/toast.server'

function cookieFrom(response: Response): string {
  const setCookie = response.headers.get('Set-Cookie') ?? ''
  return setCookie.split(';')[0] ?? ''
}

describe('toasts carried across a redirect', () => {
  it('redirects and stores the message for the next page, which reads it once and clears it', () => {
    const response = redirectWithToast('/settings/account', { type: 'success', message: 'Updated successfully.' })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/settings/account')
    expect(response.headers.get('Set-Cookie')).toMatch(/HttpOnly; SameSite=Lax; Max-Age=\d+/)

    const next = new Request('http://demo.localhost/settings/account', { headers: { Cookie: cookieFrom(response) } })
    const { toast, headers } = getToast(next)
    expect(toast).toEqual({ type: 'success', message: 'Updated successfully.' })
    expect(headers?.get('Set-Cookie')).toBe(`${TOAST_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`)
  })

  it('keeps other headers given to the redirect', () => {
    const response = redirectWithToast('/dashboard', { type: 'error', message: 'Some error occured. Please try again.' }, {
      headers: { 'Set-Cookie': '__session=abc; Path=/' },
    })
    expect(response.headers.getSetCookie()).toHaveLength(2)
  })

  it('has nothing to show without the cookie', () => {
    expect(getToast(new Request('http://demo.localhost/dashboard'))).toEqual({ toast: null, headers: null })
  })

  it('ignores a damaged or forged cookie but still clears it', () => {
    for (const value of ['not-base64-json', Buffer.from('{"type":"evil","message":"x"}').toString('base64url')]) {
      const { toast, headers } = getToast(new Request('http://demo.localhost/', { headers: { Cookie: `${TOAST_COOKIE}=${value}` } }))
      expect(toast).toBeNull()
      expect(headers?.get('Set-Cookie')).toContain('Max-Age=0')
    }
  })

  it('refuses to write an empty message', () => {
    expect(() => redirectWithToast('/', { type: 'success', message: '  ' })).toThrow()
  })
})
