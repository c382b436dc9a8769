import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { readCookieValue } from '#server/auth/session-cookie'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { saveStripeAccount } from '#server/payments/stripe-account'
import { isStripeConfigured } from '#server/payments/stripe-client'
import { connectConsentUrl, exchangeConnectCode, newConnectState, sameState, STRIPE_CONNECT_STATE_COOKIE } from '#server/payments/stripe-connect'

const STATUS_PAGE = '/settings/integrations/paymentprovider/success'
const COOKIE_PATH = '/oauth/stripe'

/**
 * /oauth/stripe (spec 001: Stripe connect): without a code, off to Stripe's consent page with a
 * state kept in a short-lived cookie; back with a code and the same state, the studio's
 * account is connected, and the status page says how it went.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const env = context.platform.env
  if (!isStripeConfigured(env)) throw redirect('/settings/integrations/paymentprovider')
  const url = new URL(request.url)
  const secure = env.isProduction ? '; Secure' : ''
  const clearState = `${STRIPE_CONNECT_STATE_COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secure}`
  const code = url.searchParams.get('code')
  const answered = code !== null || url.searchParams.has('error')
  if (!answered) {
    const state = newConnectState()
    const consent = connectConsentUrl(env, { state, redirectUri: `${tenantOrigin(tenant, url, env)}${COOKIE_PATH}`, email: user.email })
    return redirect(consent, { headers: { 'Set-Cookie': `${STRIPE_CONNECT_STATE_COOKIE}=${state}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=900${secure}` } })
  }
  const expected = readCookieValue(request.headers.get('Cookie'), STRIPE_CONNECT_STATE_COOKIE)
  if (code === null || !sameState(expected, url.searchParams.get('state'))) {
    return redirect(`${STATUS_PAGE}?result=failed`, { headers: { 'Set-Cookie': clearState } })
  }
  const outcome = await exchangeConnectCode(env, code)
  if (outcome.kind === 'failed') {
    context.platform.logger.warn({ reason: outcome.reason }, 'Stripe Connect did not connect an account')
    return redirect(`${STATUS_PAGE}?result=failed`, { headers: { 'Set-Cookie': clearState } })
  }
  await saveStripeAccount(context.platform, tenant.id, { accountId: outcome.accountId, accountName: outcome.accountName }, new Date())
  return redirect(STATUS_PAGE, { headers: { 'Set-Cookie': clearState } })
}
