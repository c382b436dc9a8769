import { Authenticator } from 'remix-auth'
import { Strategy } from 'remix-auth/strategy'
import { HONEYPOT_FIELD, STAMP_FIELD, TOKEN_FIELD } from '#server/forms/bot-check'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { loginSchema } from './auth-forms'
import { googleStrategy } from './google-sign-in'
import { readSessionToken } from './session-cookie'
import { refusedSignIn, signInWithPassword, signInWithVerifiedEmail, type RequestFacts, type SignInResult } from './sign-in'
import { LOGIN_PAGE_MESSAGES } from './sign-in-messages'

/** The email and password form of /login, as a remix-auth strategy. */
class PasswordFormStrategy extends Strategy<SignInResult, { form: FormData; request: Request }> {
  name = 'password'

  async authenticate(request: Request): Promise<SignInResult> {
    return this.verify({ form: await request.formData(), request })
  }
}

export interface AuthenticatorContext {
  platform: Pick<Platform, 'database' | 'env' | 'tenants' | 'logger' | 'attemptLimiter' | 'submissionGuard' | 'caches'>
  tenant: Tenant | null
  ip: string
}

/**
 * The sign-in strategies of one request: 'password' (the /login form) and 'google'. Both
 * answer a SignInResult: signed in (with a new session), choose an organisation, refused, or
 * (Google) no account.
 */
export function authenticatorFor(context: AuthenticatorContext, request: Request): Authenticator<SignInResult> {
  const facts = (req: Request): RequestFacts => ({
    ip: context.ip,
    userAgent: req.headers.get('user-agent'),
    previousToken: readSessionToken(req.headers.get('cookie')),
  })
  const authenticator = new Authenticator<SignInResult>()
  authenticator.use(
    new PasswordFormStrategy(async ({ form, request: req }) => {
      const parsed = loginSchema.safeParse({
        email: form.get('email') ?? undefined,
        password: form.get('password') ?? undefined,
        rememberMe: form.get('rememberMe') === 'on' || form.get('rememberMe') === 'true',
        redirectTo: form.get('redirectTo') || undefined,
      })
      // The route validated the same form first; this only guards direct use of the strategy.
      if (!parsed.success) return refusedSignIn('invalid_input', parsed.error.issues[0]?.message ?? LOGIN_PAGE_MESSAGES.checkForm)
      return signInWithPassword(context.platform, {
        hostTenant: context.tenant,
        email: parsed.data.email,
        password: parsed.data.password,
        rememberMe: parsed.data.rememberMe,
        redirectTo: parsed.data.redirectTo ?? null,
        botCheck: postedBotCheck(form),
        ...facts(req),
      })
    }),
  )
  authenticator.use(
    googleStrategy<SignInResult>(context.platform.env, new URL(request.url), async ({ email, request: req }) =>
      signInWithVerifiedEmail(context.platform, {
        hostTenant: context.tenant,
        email,
        redirectTo: readGoogleRedirect(req),
        ...facts(req),
      }),
    ),
    'google',
  )
  return authenticator
}

/** The bot check's fields, as text (a file or an absent field is empty). */
function postedBotCheck(form: FormData): Record<string, string> {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value.slice(0, 4000) : ''
  }
  return { [TOKEN_FIELD]: text(TOKEN_FIELD), [STAMP_FIELD]: text(STAMP_FIELD), [HONEYPOT_FIELD]: text(HONEYPOT_FIELD) }
}

/** Where to go after Google, kept in a short cookie across the round trip. */
export const GOOGLE_REDIRECT_COOKIE = 'google-redirect-to'

function readGoogleRedirect(request: Request): string | null {
  const cookie = request.headers.get('cookie') ?? ''
  for (const part of cookie.split(';')) {
    const at = part.indexOf('=')
    if (at !== -1 && part.slice(0, at).trim() === GOOGLE_REDIRECT_COOKIE) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim()) || null
      } catch {
        return null
      }
    }
  }
  return null
}
