import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { GOOGLE_REDIRECT_COOKIE, authenticatorFor } from '#server/auth/authenticator'
import { isGoogleConfigured } from '#server/auth/google-sign-in'
import { safeRedirectPath } from '#server/auth/safe-redirect'

/** GET /auth/google: off to Google's consent screen (a link, so no form post leaves the site). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // The login page says Google is not configured; a stale link lands back there.
  if (!isGoogleConfigured(context.platform.env)) return redirect('/login')
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'))
  try {
    await authenticatorFor(context, request).authenticate('google', request)
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    const secure = context.platform.env.isProduction ? '; Secure' : ''
    const headers = new Headers(thrown.headers)
    headers.append(
      'Set-Cookie',
      `${GOOGLE_REDIRECT_COOKIE}=${encodeURIComponent(redirectTo ?? '')}; Path=/auth/google; HttpOnly; SameSite=Lax; Max-Age=600${secure}`,
    )
    return new Response(null, { status: thrown.status, headers })
  }
  return redirect('/login')
}
