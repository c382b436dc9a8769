import { createHash, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { Env } from '#server/env.server'
import { providerJson } from './provider-http'
import type { ProviderCredentials } from './provider-keys'

const payAnswerSchema = z.object({
  success: z.boolean(),
  code: z.string(),
  message: z.string().optional(),
  data: z.object({ instrumentResponse: z.object({ redirectInfo: z.object({ url: z.string().url() }) }) }).partial().optional(),
})

const statusDataSchema = z.object({
  merchantTransactionId: z.string(),
  transactionId: z.string().nullable().optional(),
  amount: z.number().int(),
  state: z.string(),
})

const statusAnswerSchema = z.object({ success: z.boolean(), code: z.string(), message: z.string().optional(), data: z.union([statusDataSchema, z.object({}).strict()]).optional() })

export type PhonePeStatus = z.infer<typeof statusAnswerSchema>

/** Live or sandbox, by the studio's test mode. */
export function phonePeBase(env: Pick<Env, 'PHONEPE_API_URL' | 'PHONEPE_SANDBOX_API_URL'>, isTestMode: boolean): string {
  const base = isTestMode ? (env.PHONEPE_SANDBOX_API_URL ?? 'https://api-preprod.phonepe.com/apis/pg-sandbox') : (env.PHONEPE_API_URL ?? 'https://api.phonepe.com/apis/hermes')
  return base.replace(/\/+$/, '')
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** PhonePe's X-VERIFY: SHA-256 of what is signed and the salt key, then '###' and the salt index. */
export function phonePeChecksum(signed: string, credentials: Pick<ProviderCredentials, 'secretKey' | 'saltIndex'>): string {
  return `${sha256(signed + credentials.secretKey)}###${credentials.saltIndex}`
}

export function isPhonePeChecksumValid(signed: string, given: string, credentials: Pick<ProviderCredentials, 'secretKey' | 'saltIndex'>): boolean {
  const expected = Buffer.from(phonePeChecksum(signed, credentials))
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** PhonePe's pay page API on the studio's merchant id and salt key. */
export function phonePeFor(env: Pick<Env, 'PHONEPE_API_URL' | 'PHONEPE_SANDBOX_API_URL'>, credentials: ProviderCredentials) {
  const base = phonePeBase(env, credentials.isTestMode)
  const signedPost = <T>(path: string, payload: Record<string, unknown>, schema: z.ZodType<T>) => {
    const request = Buffer.from(JSON.stringify(payload)).toString('base64')
    return providerJson('PhonePe', `${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-VERIFY': phonePeChecksum(request + path, credentials) }, body: JSON.stringify({ request }) }, schema)
  }
  return {
    pay: (payment: { merchantTransactionId: string; merchantUserId: string; amount: number; redirectUrl: string; callbackUrl: string; mobileNumber?: string }) =>
      signedPost('/pg/v1/pay', { merchantId: credentials.apiKey, ...payment, redirectMode: 'REDIRECT', paymentInstrument: { type: 'PAY_PAGE' } }, payAnswerSchema),
    status: (merchantTransactionId: string) => {
      const path = `/pg/v1/status/${encodeURIComponent(credentials.apiKey)}/${encodeURIComponent(merchantTransactionId)}`
      return providerJson('PhonePe', `${base}${path}`, { method: 'GET', headers: { 'X-VERIFY': phonePeChecksum(path, credentials), 'X-MERCHANT-ID': credentials.apiKey } }, statusAnswerSchema)
    },
    refund: (refund: { merchantUserId: string; originalTransactionId: string; merchantTransactionId: string; amount: number; callbackUrl: string }) =>
      signedPost('/pg/v1/refund', { merchantId: credentials.apiKey, ...refund }, statusAnswerSchema),
  }
}
