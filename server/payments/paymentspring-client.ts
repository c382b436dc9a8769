import { z } from 'zod'
import type { Env } from '#server/env.server'
import { bankTokenBody, cardTokenBody, PAYMENTSPRING_TOKEN_PATH } from './paymentspring-token'
import { providerJson } from './provider-http'
import type { ProviderCredentials } from './provider-keys'

const errorsSchema = z.object({ errors: z.array(z.object({ code: z.union([z.string(), z.number()]).optional(), message: z.string() })).min(1) })
const tokenSchema = z.object({ id: z.string().min(1).max(255) })
const transactionSchema = z.object({
  id: z.string().min(1).max(255),
  status: z.string(),
  amount_authorized: z.number().int().optional(),
  amount_settled: z.number().int().nullable().optional(),
  amount_refunded: z.number().int().nullable().optional(),
})

const customerSchema = z.object({
  id: z.string().min(1).max(255),
  card_type: z.string().nullable().optional(),
  last_4: z.string().nullable().optional(),
  card_exp_month: z.union([z.number(), z.string()]).nullable().optional(),
  card_exp_year: z.union([z.number(), z.string()]).nullable().optional(),
  bank_account_number_last_4: z.string().nullable().optional(),
})

export type PaymentSpringCustomer = z.infer<typeof customerSchema>

/** PaymentSpring said no, in words a buyer can act on ('Card declined', 'Card number is invalid'). */
export class PaymentSpringRefusal extends Error {}

/** A 4xx in PaymentSpring's error shape is the buyer's to fix, except 401: that is the studio's keys. */
function refusalOf(status: number, body: unknown): Error | null {
  const refused = errorsSchema.safeParse(body)
  if (!refused.success || status < 400 || status >= 500 || status === 401) return null
  return new PaymentSpringRefusal(refused.data.errors[0]?.message ?? 'Payment refused')
}

export interface CardDetails {
  cardOwnerName: string
  cardNumber: string
  cardExpMonth: number
  cardExpYear: number
  csc: string
  zip: string
}

export interface BankDetails {
  firstName: string
  lastName: string
  accountNumber: string
  routingNumber: string
  accountType: 'checking' | 'savings'
}

export function paymentSpringBase(env: Pick<Env, 'PAYMENTSPRING_API_URL'>): string {
  return (env.PAYMENTSPRING_API_URL ?? 'https://api.paymentspring.com').replace(/\/+$/, '')
}

/**
 * PaymentSpring's API on the studio's keys: tokens are made with the public key, charges and
 * reversals with the private one (HTTP Basic, the key as the user name). An answer in
 * PaymentSpring's error shape is a refusal whose first message the buyer reads (spec 001:
 * "toast with the first message"); anything else is a failed call.
 */
export function paymentSpringFor(env: Pick<Env, 'PAYMENTSPRING_API_URL'>, keys: Pick<ProviderCredentials, 'apiKey' | 'secretKey'>) {
  const base = paymentSpringBase(env)
  const call = <T>(path: string, key: string, init: { method: 'GET' | 'POST' | 'DELETE'; body?: unknown }, schema: z.ZodType<T>): Promise<T> =>
    providerJson(
      'PaymentSpring',
      `${base}${path}`,
      {
        method: init.method,
        headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      },
      schema,
      refusalOf,
    )
  return {
    cardToken: (card: CardDetails) => call(PAYMENTSPRING_TOKEN_PATH, keys.apiKey, { method: 'POST', body: cardTokenBody(card) }, tokenSchema),
    bankToken: (bank: BankDetails) => call(PAYMENTSPRING_TOKEN_PATH, keys.apiKey, { method: 'POST', body: bankTokenBody(bank) }, tokenSchema),
    /** A card or account kept on file: the one-use token becomes a customer that can be charged again. */
    saveCustomer: (customer: { token: string; firstName: string; lastName: string; email: string }) =>
      call('/api/v1/customers', keys.secretKey, { method: 'POST', body: { token: customer.token, first_name: customer.firstName, last_name: customer.lastName, email: customer.email } }, customerSchema),
    deleteCustomer: (id: string) => call(`/api/v1/customers/${encodeURIComponent(id)}`, keys.secretKey, { method: 'DELETE' }, z.object({}).passthrough()),
    charge: (charge: ({ token: string } | { customer_id: string }) & { amount: number; description: string; metadata: Record<string, string> }) =>
      call('/api/v1/charge', keys.secretKey, { method: 'POST', body: { ...charge, send_receipt: false } }, transactionSchema),
    transaction: (id: string) => call(`/api/v1/transaction/${encodeURIComponent(id)}`, keys.secretKey, { method: 'GET' }, transactionSchema),
    reverse: (id: string, amount: number) => call(`/api/v1/transaction/${encodeURIComponent(id)}/reverse`, keys.secretKey, { method: 'POST', body: { amount } }, transactionSchema),
  }
}
