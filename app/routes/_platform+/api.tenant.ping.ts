import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getSessionUser } from '#app/utils/auth.server'
import { readSessionToken } from '#server/auth/session-cookie'
import { normaliseHost } from '#server/tenancy/parse-host'
import { tenantConfigFor } from '#server/tenancy/tenant-config'
import { loadPublicSite } from '#server/website/public-pages'
import { readActiveProvider } from '#server/payments/active-provider'

const querySchema = z.object({ name: z.string().trim().min(1).max(253).optional() })

/**
 * GET /api/tenant/ping?name=<host or org id>: the public tenant config for widgets and the
 * mobile app. Without a name, the tenant of the request's own host.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const query = querySchema.safeParse({ name: url.searchParams.get('name') ?? undefined })
  // A resource route answers with a Response: with single fetch, data() here would lose its status and headers.
  if (!query.success) return Response.json({ error: 'name must be a host name or an org id' }, { status: 400 })

  const { tenants } = context.platform
  let tenant = context.tenant
  if (query.data.name) {
    const name = query.data.name.toLowerCase()
    const byHost = name.includes('.') || name.includes(':') ? await tenants.resolveHost(normaliseHost(name)) : null
    tenant = byHost?.kind === 'tenant' ? byHost.tenant : byHost ? null : await tenants.findByOrgId(name)
  }
  if (!tenant) return Response.json({ error: 'no valid orgId found for account' }, { status: 404 })

  // Sessions belong to the host's tenant: asking about another tenant is never signed in there.
  const hasSession = readSessionToken(request.headers.get('Cookie')) !== null && tenant.id === context.tenant?.id
  const isAuthValid = hasSession ? (await getSessionUser(request, context)) !== null : false
  const [{ pages, forms }, active] = await Promise.all([loadPublicSite(context.platform.database, tenant, null, { withForms: true }), readActiveProvider(context.platform, tenant.id)])
  // Only public halves: Stripe's publishable key, a Razorpay key id, a PaymentSpring public key.
  const publishableKey = !active ? null : active.provider === 'STRIPE' ? (context.platform.env.STRIPE_PUBLISHABLE_KEY ?? null) : active.provider === 'PHONEPE' ? null : active.accountId
  const config = tenantConfigFor(tenant, {
    masterOrgId: context.platform.env.MASTER_ORG_ID,
    environmentName: context.platform.env.NODE_ENV,
    pages,
    forms,
    isAuthValid,
    payment: active ? { provider: active.provider, publishableKey, accountId: active.accountId } : null,
  })
  // The answer depends on the caller's session only when it sends one; then no shared cache may keep it.
  const cacheControl = hasSession ? 'private, no-store' : 'public, max-age=30'
  return Response.json(config, { headers: { 'Cache-Control': cacheControl, 'Access-Control-Allow-Origin': '*' } })
}
