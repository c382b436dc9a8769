import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { Env } from '#server/env.server'
import { providerJson } from './provider-http'
import type { ProviderCredentials } from './provider-keys'

const orderSchema = z.object({ id: z.string().min(1).max(255), amount: z.number().int(), currency: z.string(), status: z.string() })
const paymentSchema = z.object({
  id: z.string().min(1).max(255),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  order_id: z.string().nullable(),
  captured: z.boolean(),
})
const paymentsSchema = z.object({ items: z.array(paymentSchema) })
const refundSchema = z.object({ id: z.string().min(1).max(255) })
const refundListSchema = z.object({
  items: z.array(z.object({ id: z.string().min(1).max(255), amount: z.number().int(), notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional() })),
})

export type RazorpayPayment = z.infer<typeof paymentSchema>

export function razorpayBase(env: Pick<Env, 'RAZORPAY_API_URL'>): string {
  return (env.RAZORPAY_API_URL ?? 'https://api.razorpay.com').replace(/\/+$/, '')
}

/** The hosted checkout page a buyer's browser posts its order to (works without JavaScript). */
export function razorpayHostedCheckoutUrl(env: Pick<Env, 'RAZORPAY_API_URL'>): string {
  return `${razorpayBase(env)}/v1/checkout/embedded`
}

/** Razorpay's Orders and Payments API on the studio's own keys (HTTP Basic, key id and secret). */
export function razorpayFor(env: Pick<Env, 'RAZORPAY_API_URL'>, credentials: Pick<ProviderCredentials, 'apiKey' | 'secretKey'>) {
  const base = razorpayBase(env)
  const headers = { authorization: `Basic ${Buffer.from(`${credentials.apiKey}:${credentials.secretKey}`).toString('base64')}`, 'content-type': 'application/json' }
  return {
    createOrder: (order: { amount: number; currency: string; receipt: string; notes: Record<string, string> }) =>
      providerJson('Razorpay', `${base}/v1/orders`, { method: 'POST', headers, body: JSON.stringify(order) }, orderSchema),
    orderPayments: async (orderId: string) => (await providerJson('Razorpay', `${base}/v1/orders/${encodeURIComponent(orderId)}/payments`, { method: 'GET', headers }, paymentsSchema)).items,
    /** The refunds made on a payment, with their notes (a refund's key is kept in its notes). */
    paymentRefunds: async (paymentId: string) =>
      (await providerJson('Razorpay', `${base}/v1/payments/${encodeURIComponent(paymentId)}/refunds`, { method: 'GET', headers }, refundListSchema)).items.map((item) => ({
        id: item.id,
        amount: item.amount,
        // Razorpay answers empty notes as [], filled ones as an object.
        notes: Array.isArray(item.notes) || !item.notes ? {} : Object.fromEntries(Object.entries(item.notes).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : []))),
      })),
    refund: (paymentId: string, refund: { amount: number; notes: Record<string, string> }) =>
      providerJson('Razorpay', `${base}/v1/payments/${encodeURIComponent(paymentId)}/refund`, { method: 'POST', headers, body: JSON.stringify(refund) }, refundSchema),
  }
}

/** Razorpay's checkout signature: HMAC-SHA256 of `order_id|payment_id` under the key secret, in hex. */
export function isRazorpaySignatureValid(input: { orderId: string; paymentId: string; signature: string }, keySecret: string): boolean {
  const expected = Buffer.from(createHmac('sha256', keySecret).update(`${input.orderId}|${input.paymentId}`).digest('hex'))
  const given = Buffer.from(input.signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
