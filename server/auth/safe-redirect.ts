const NO_RETURN_PATHS = new Set(['/login', '/logout', '/register', '/forgot-password'])

/**
 * A post-login destination we are willing to send the browser to: a path on this same site
 * ('/contacts?x=1'), never a scheme, another host ('//evil.test', '/\\evil.test') or a
 * control character; and never back into the sign-in pages themselves.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const path = value.trim()
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null
  if (path.length > 2000 || /[\u0000-\u001f\u007f\\]/.test(path)) return null
  let parsed: URL
  try {
    parsed = new URL(path, 'http://same.invalid')
  } catch {
    return null
  }
  if (parsed.host !== 'same.invalid') return null
  if (NO_RETURN_PATHS.has(parsed.pathname.replace(/\/+$/, '') || '/')) return null
  if (parsed.pathname.startsWith('/reset-password')) return null
  return `${parsed.pathname}${parsed.search}`
}
