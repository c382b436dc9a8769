import { afterAll, beforeAll } from 'vitest'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { useServer, type RunningServer } from './server'

/**
 * A server whose Stripe settings point at a fake Stripe, for the file's tests: the fake listens
 * before the server starts (its address is in the server's environment), Connect consents as
 * the demo studio's account, and its webhooks go to this server.
 */
export function useServerWithFakeStripe(): { server: () => RunningServer; stripe: () => FakeStripe } {
  let stripe: FakeStripe | null = null
  const serverEnv: Record<string, string> = {}
  beforeAll(async () => {
    stripe = await startFakeStripe()
    stripe.connectAs('acct_demo_studio', { businessName: 'Demo Yoga Studio', email: 'owner@demo.test' })
    Object.assign(serverEnv, stripeEnvFor(stripe))
  })
  const server = useServer({ env: serverEnv })
  beforeAll(() => {
    stripe?.setWebhookUrl(`http://127.0.0.1:${server().port}/webhooks/stripe`)
  })
  afterAll(async () => {
    await stripe?.close()
  })
  return {
    server,
    stripe: () => {
      if (!stripe) throw new Error('the fake Stripe is not started yet')
      return stripe
    },
  }
}
