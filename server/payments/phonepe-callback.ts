import type { Request, Response } from 'express'
import { tenantOrigin } from '#server/auth/tenant-origin'
import type { Platform } from '#server/platform'
import { takePhonePeCallback } from './phonepe-checkout'
import { readProviderCredentials } from './provider-keys'
import { isUuid } from '#server/text/is-uuid'

/** Express's pattern for phonePeCallbackPath(tenantId). */
export const PHONEPE_CALLBACK_ROUTE = '/item/phonepe/:tenantId/callback'

/**
 * PhonePe's server-to-server callback after a payment or refund: JSON from PhonePe's servers,
 * so it is taken before the same-origin check and the form-only body gate, and proved by its
 * X-VERIFY checksum under the studio's salt key instead. A genuine callback is settled by
 * asking PhonePe for the status; one that is not the studio's is a 401, an unknown studio a 404.
 */
export async function handlePhonePeCallback(platform: Platform, req: Request, res: Response): Promise<void> {
  const tenantId = String(req.params.tenantId ?? '')
  const tenant = isUuid(tenantId) ? await platform.tenants.findById(tenantId) : null
  const credentials = tenant ? await readProviderCredentials(platform, tenant.id, 'PHONEPE') : null
  if (!tenant || !credentials) {
    res.status(404).json({ error: 'not found' })
    return
  }
  const requestUrl = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`)
  const taken = await takePhonePeCallback(platform, tenant, credentials, {
    body: req.body as unknown,
    checksum: req.get('x-verify') ?? '',
    origin: tenantOrigin(tenant, requestUrl, platform.env),
    now: new Date(),
  })
  if (taken) res.json({ received: true })
  else res.status(401).json({ error: 'checksum does not match' })
}
