import { afterAll, beforeAll } from 'vitest'
import { phonePeEnvFor, startFakePhonePe, type FakePhonePe } from '#tests/fakes/phonepe'
import { razorpayEnvFor, startFakeRazorpay, type FakeRazorpay } from '#tests/fakes/razorpay'
import { useServer, type RunningServer } from './server'

/**
 * A server whose Razorpay and PhonePe settings point at their fakes, for the file's tests: both
 * fakes listen before the server starts (their addresses are in the server's environment, live
 * and test alike). The keys a studio saves are the fakes' own (`razorpay().keyId`,
 * `phonePe().merchantId`, ...), typed into the payment providers page by the tests.
 */
export function useServerWithFakeKeyProviders(): { server: () => RunningServer; razorpay: () => FakeRazorpay; phonePe: () => FakePhonePe } {
  let razorpay: FakeRazorpay | null = null
  let phonePe: FakePhonePe | null = null
  const serverEnv: Record<string, string> = {}
  beforeAll(async () => {
    razorpay = await startFakeRazorpay()
    phonePe = await startFakePhonePe()
    Object.assign(serverEnv, razorpayEnvFor(razorpay), phonePeEnvFor(phonePe))
  })
  const server = useServer({ env: serverEnv })
  afterAll(async () => {
    await Promise.all([razorpay?.close(), phonePe?.close()])
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
  }
}
