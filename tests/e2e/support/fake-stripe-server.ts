import { afterAll, beforeAll } from 'vitest'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { send, setCookie } from './http'
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

/**
 * The demo studio connects its Stripe account through /oauth/stripe as its admin (the fake's
 * consent answers at once), so priced options sell online. `adminCookie` is the admin's Cookie
 * header; throws with what answered when a step goes wrong.
 */
export async function connectDemoStripe(input: { server: RunningServer; stripe: FakeStripe; adminCookie: string }): Promise<void> {
  const { port } = input.server
  const host = `demo.localhost:${port}`
  const start = await send(port, '/oauth/stripe', { host, cookie: input.adminCookie })
  const consent = String(start.headers.location ?? '')
  const state = setCookie(start, 'stripe_connect_state')
  if (start.status !== 302 || !consent.startsWith(input.stripe.url) || !state) throw new Error(`/oauth/stripe answered ${start.status} ${consent}`)
  const consented = await fetch(consent, { redirect: 'manual' })
  const back = new URL(consented.headers.get('location') ?? '', `${input.server.url('demo')}/`)
  if (consented.status !== 302 || back.pathname !== '/oauth/stripe') throw new Error(`the fake consent answered ${consented.status} ${back.href}`)
  const connected = await send(port, `${back.pathname}${back.search}`, { host, cookie: `${input.adminCookie}; ${state}` })
  if (connected.headers.location !== '/settings/integrations/paymentprovider/success') throw new Error(`connecting Stripe answered ${connected.status} ${String(connected.headers.location)}`)
}
