import { OAuth2Strategy } from 'remix-auth-oauth2'
import { z } from 'zod'
import { GOOGLE_SIGN_IN_REASONS } from './sign-in-messages'
import type { Env } from '#server/env.server'

/** The cookie that keeps the OAuth state and PKCE verifier between the two legs. */
export const GOOGLE_STATE_COOKIE = 'google-oauth'

export interface GoogleEndpoints {
  authorization: string
  token: string
  userinfo: string
}

/** Google's own endpoints, or those of GOOGLE_OAUTH_BASE_URL (a local fake in tests). */
export function googleEndpoints(env: Pick<Env, 'GOOGLE_OAUTH_BASE_URL'>): GoogleEndpoints {
  const base = env.GOOGLE_OAUTH_BASE_URL?.replace(/\/+$/, '')
  if (!base) {
    return {
      authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'https://oauth2.googleapis.com/token',
      userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
    }
  }
  return { authorization: `${base}/o/oauth2/v2/auth`, token: `${base}/token`, userinfo: `${base}/v1/userinfo` }
}

export function isGoogleConfigured(env: Pick<Env, 'GOOGLE_CLIENT_ID'>): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID)
}

const userinfoSchema = z.object({
  email: z.string().trim().toLowerCase().email(),
  // Google answers a boolean; some proxies of it a string.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]),
})

export class GoogleIdentityError extends Error {
  override name = 'GoogleIdentityError'
}

/** The Google account's email, only when Google says the person owns it. */
export async function fetchVerifiedEmail(endpoints: GoogleEndpoints, accessToken: string): Promise<string> {
  const response = await fetch(endpoints.userinfo, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new GoogleIdentityError(GOOGLE_SIGN_IN_REASONS.noDetails)
  const parsed = userinfoSchema.safeParse(await response.json().catch(() => null))
  if (!parsed.success) throw new GoogleIdentityError(GOOGLE_SIGN_IN_REASONS.noEmail)
  if (!parsed.data.email_verified) throw new GoogleIdentityError(GOOGLE_SIGN_IN_REASONS.unverified)
  return parsed.data.email
}

/**
 * The remix-auth OAuth2 strategy for Google on this host: the callback comes back to the
 * host the person started from, so the strategy is made per request.
 */
export function googleStrategy<User>(
  env: Pick<Env, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_OAUTH_BASE_URL' | 'isProduction'>,
  requestUrl: URL,
  verify: (input: { email: string; request: Request }) => Promise<User>,
): OAuth2Strategy<User> {
  const endpoints = googleEndpoints(env)
  return new OAuth2Strategy<User>(
    {
      clientId: env.GOOGLE_CLIENT_ID ?? '',
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? null,
      authorizationEndpoint: endpoints.authorization,
      tokenEndpoint: endpoints.token,
      redirectURI: `${requestUrl.origin}/auth/google/callback`,
      scopes: ['openid', 'email', 'profile'],
      cookie: {
        name: GOOGLE_STATE_COOKIE,
        path: '/auth/google',
        httpOnly: true,
        sameSite: 'Lax',
        ...(env.isProduction ? { secure: true as const } : {}),
      },
    },
    async ({ tokens, request }) => verify({ email: await fetchVerifiedEmail(endpoints, tokens.accessToken()), request }),
  )
}
