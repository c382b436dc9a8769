import type { Request, Response } from 'express'
import type { Platform } from '#server/platform'
import { recordTwilioDeliveryReport } from './twilio-delivery-report'

/**
 * Twilio's status callback for a text, posted from Twilio's servers to the studio's host: not a
 * browser form, so it is taken before the same-origin check and proved by Twilio's signature
 * instead. An unknown host is a 404, a callback not signed with the studio's auth token a 403,
 * an unreadable one a 400; anything else a 200, whether or not it changed a message.
 */
export async function handleTwilioStatusCallback(platform: Platform, req: Request, res: Response): Promise<void> {
  const resolution = await platform.tenants.resolveHost(req.get('host'))
  if (resolution.kind !== 'tenant') {
    res.status(404).json({ error: 'not found' })
    return
  }
  const outcome = await recordTwilioDeliveryReport(platform, resolution.tenant, {
    requestUrl: new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`),
    signature: req.get('x-twilio-signature'),
    body: req.body as unknown,
    now: platform.clock.now(),
  })
  if (outcome === 'refused') res.status(403).json({ error: 'signature does not match' })
  else if (outcome === 'invalid') res.status(400).json({ error: 'not a status callback' })
  else res.status(200).json({ received: true })
}
