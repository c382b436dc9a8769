import { redirect } from '@remix-run/node'
import { z } from 'zod'

/**
 * Staff toasts carried across a redirect: the action that saved (or failed to save) sets a
 * short-lived cookie, the next page's layout reads it once and clears it.
 *
 * The cookie is not signed: it only ever holds a message for the browser that carries it, is
 * re-checked by zod on read and is rendered as text, so a forged one can only show its own
 * owner a sentence they wrote themselves.
 */
export const TOAST_COOKIE = 'toast'

const toastSchema = z.object({
  type: z.enum(['success', 'error']),
  message: z.string().trim().min(1).max(500),
})

export type Toast = z.infer<typeof toastSchema>

/** Long enough to survive a slow redirect on a bad connection, short enough to never resurface. */
const TOAST_MAX_AGE_SECONDS = 120

export function toastCookieHeader(toast: Toast): string {
  const value = Buffer.from(JSON.stringify(toastSchema.parse(toast)), 'utf8').toString('base64url')
  return `${TOAST_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${TOAST_MAX_AGE_SECONDS}`
}

const clearedToastCookie = `${TOAST_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`

/** Redirects and shows `toast` on the page the browser lands on. */
export function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', toastCookieHeader(toast))
  return redirect(url, { ...init, headers })
}

/**
 * The pending toast of this request, if any, and the headers that clear it; a layout loader
 * returns those headers so the toast shows exactly once.
 */
export function getToast(request: Request): { toast: Toast | null; headers: Headers | null } {
  const raw = readCookie(request.headers.get('Cookie'), TOAST_COOKIE)
  if (raw === null || raw === '') return { toast: null, headers: null }
  const headers = new Headers({ 'Set-Cookie': clearedToastCookie })
  try {
    const parsed = toastSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')))
    return { toast: parsed.success ? parsed.data : null, headers }
  } catch {
    return { toast: null, headers }
  }
}

function readCookie(header: string | null, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return null
}
