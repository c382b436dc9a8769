import type { Request, Response } from 'express'
import type { Platform } from '#server/platform'
import { recordPlivoDeliveryReport } from './plivo-delivery-report'
import { recordTwilioDeliveryReport } from './twilio-delivery-report'

/**
 * A provider's delivery report for a text, posted from its servers to the studio's host: not a
 * browser form, so it is taken before the same-origin check and proved by the provider's
 * signature under the studio's own token instead (Plivo: X-Plivo-Signature-V2 with its nonce;
 * Twilio: X-Twilio-Signature, which covers the body). An unknown host is a 404, a report not so
 * signed a 403, an unreadable one a 400; anything else a 200, whether or not it changed a message.
 */
export async function handleSmsStatusCallback(platform: Platform, provider: 'plivo' | 'twilio', req: Request, res: Response): Promise<void> {
  const resolution = await platform.tenants.resolveHost(req.get('host'))
  if (resolution.kind !== 'tenant') {
    res.status(404).json({ error: 'not found' })
    return
  }
  const report = {
    requestUrl: new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`),
    body: req.body as unknown,
    now: platform.clock.now(),
  }
  const outcome =
    provider === 'plivo'
      ? await recordPlivoDeliveryReport(platform, resolution.tenant, { ...report, signature: req.get('x-plivo-signature-v2'), nonce: req.get('x-plivo-signature-v2-nonce') })
      : await recordTwilioDeliveryReport(platform, resolution.tenant, { ...report, signature: req.get('x-twilio-signature') })
  if (outcome === 'refused') res.status(403).json({ error: 'signature does not match' })
  else if (outcome === 'invalid') res.status(400).json({ error: 'not a delivery report' })
  else res.status(200).json({ received: true })
}
