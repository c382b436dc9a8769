import { afterAll, beforeAll } from 'vitest'
import { paymentSpringEnvFor, startFakePaymentSpring, type FakePaymentSpring } from '#tests/fakes/paymentspring'
import { phonePeEnvFor, startFakePhonePe, type FakePhonePe } from '#tests/fakes/phonepe'
import { razorpayEnvFor, startFakeRazorpay, type FakeRazorpay } from '#tests/fakes/razorpay'
import { useServer, type RunningServer } from './server'

/**
 * A server whose Razorpay, PhonePe and PaymentSpring settings point at their fakes, for the file's tests: both
 * fakes listen before the server starts (their addresses are in the server's environment, live
 * and test alike). The keys a studio saves are the fakes' own (`razorpay().keyId`,
 * `phonePe().merchantId`, ...), typed into the payment providers page by the tests.
 */
export function useServerWithFakeKeyProviders(): { server: () => RunningServer; razorpay: () => FakeRazorpay; phonePe: () => FakePhonePe; paymentSpring: () => FakePaymentSpring } {
  let razorpay: FakeRazorpay | null = null
  let phonePe: FakePhonePe | null = null
  let paymentSpring: FakePaymentSpring | null = null
  const serverEnv: Record<string, string> = {}
  beforeAll(async () => {
    razorpay = await startFakeRazorpay()
    phonePe = await startFakePhonePe()
    paymentSpring = await startFakePaymentSpring()
    Object.assign(serverEnv, razorpayEnvFor(razorpay), phonePeEnvFor(phonePe), paymentSpringEnvFor(paymentSpring))
  })
  const server = useServer({ env: serverEnv })
  afterAll(async () => {
    await Promise.all([razorpay?.close(), phonePe?.close(), paymentSpring?.close()])
  })
  return {
    server,
    razorpay: () => {
      if (!razorpay) throw new Error('the fake Razorpay is not started yet')
      return razorpay
    },
    phonePe: () => {
      if (!phonePe) throw new Error('the fake PhonePe is not started yet')
      return phonePe
    },
    paymentSpring: () => {
      if (!paymentSpring) throw new Error('the fake PaymentSpring is not started yet')
      return paymentSpring
    },
  }
}
