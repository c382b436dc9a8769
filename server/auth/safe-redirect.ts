const NO_RETURN_PATHS = new Set(['/login', '/logout', '/register', '/forgot-password'])
const BASE = 'http://same.invalid'

/**
 * A post-login destination we are willing to send the browser to: a path on this same site
 * ('/contacts?x=1'), never a scheme, another host ('//evil.test', '/\\evil.test') or a
 * control character; and never back into the sign-in pages themselves.
 *
 * The path is normalised (dot segments resolved) before it is returned, so the rule is checked
 * on what the browser will actually follow: '/.//evil.test' resolves to '//evil.test', a
 * network-path reference to another host, and is refused. Encoded slashes and backslashes at
 * the start ('/%2F/evil.test', '/%5Cevil.test') are refused too: no screen of ours starts so,
 * and a proxy or framework that decodes them would make them another host.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const path = value.trim()
  if (path.length > 2000 || /[\u0000-\u001f\u007f\\]/.test(path)) return null
  if (!startsAsOnePath(path)) return null
  let parsed: URL
  try {
    parsed = new URL(path, BASE)
  } catch {
    return null
  }
  if (parsed.origin !== BASE) return null
  const result = `${parsed.pathname}${parsed.search}`
  if (!startsAsOnePath(result) || !startsAsOnePath(decodedStart(result))) return null
  if (new URL(result, BASE).origin !== BASE) return null
  if (NO_RETURN_PATHS.has(parsed.pathname.replace(/\/+$/, '') || '/')) return null
  if (parsed.pathname.startsWith('/reset-password')) return null
  return result
}

/** One slash, then anything but a slash or a backslash. */
function startsAsOnePath(path: string): boolean {
  return path.startsWith('/') && !/^\/[/\\]/.test(path)
}

/** The first characters with percent escapes (repeatedly) decoded: '/%252F' -> '//'. */
function decodedStart(path: string): string {
  let text = path.slice(0, 32)
  for (let round = 0; round < 3; round++) {
    let next: string
    try {
      next = decodeURIComponent(text)
    } catch {
      // A broken escape is not a slash.
      return text
    }
    if (next === text) break
    text = next
  }
  return text.replace(/^\/[\t\n\r ]+/, '/')
}
