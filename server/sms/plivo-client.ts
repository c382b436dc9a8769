import { z } from 'zod'
import type { Env } from '#server/env.server'
import { basicAuthorization, providerCall, type ProblemReader } from './sms-provider-call'

const flag = z.union([z.boolean(), z.literal('true'), z.literal('false')]).transform((value) => value === true || value === 'true')
const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => value ?? '')

const accountSchema = z.object({ auth_id: z.string().max(100), name: text(500), account_type: text(50) })

/** One number Plivo offers (PhoneNumber search), in its own words. */
const offeredSchema = z.object({
  number: z.string().regex(/^\d{4,15}$/),
  region: text(200),
  country: text(100),
  sms_enabled: flag.default(false),
  mms_enabled: flag.default(false),
  monthly_rental_rate: text(20),
})
const searchSchema = z.object({ objects: z.array(offeredSchema).max(100) })

const buySchema = z.object({
  status: text(50),
  numbers: z
    .array(z.object({ number: z.string().max(20), status: text(50) }))
    .max(10)
    .default([]),
})

/** A number the account rents (Account PhoneNumber), with what carriers said about texting from it. */
const ownedSchema = z.object({
  number: z.string().regex(/^\d{4,15}$/),
  country: text(100),
  sms_enabled: flag.default(false),
  number_type: text(50),
  tendlc_registration_status: text(50),
  tendlc_campaign_id: text(100),
  toll_free_sms_verification: text(50),
})

const messageSchema = z.object({ message_uuid: z.array(z.string().min(1).max(100)).min(1), message: text(200) })

const problemSchema = z.object({ error: z.union([z.string(), z.record(z.unknown())]).optional() }).passthrough()

/** Plivo's error answers carry `error`: a sentence, or one message list per field. */
const readPlivoProblem: ProblemReader = (json) => {
  const problem = problemSchema.safeParse(json)
  const error = problem.success ? problem.data.error : undefined
  if (typeof error === 'string') return { message: error, code: null }
  if (error && typeof error === 'object') {
    const words = Object.entries(error).map(([field, said]) => `${field}: ${Array.isArray(said) ? said.join(' ') : String(said)}`)
    return { message: words.join('; ') || null, code: null }
  }
  return { message: null, code: null }
}

export type PlivoAccount = z.output<typeof accountSchema>
export type PlivoOfferedNumber = z.output<typeof offeredSchema>
export type PlivoOwnedNumber = z.output<typeof ownedSchema>

export interface PlivoClient {
  readAccount(): Promise<PlivoAccount>
  /** Local numbers that can text, whose national number starts with the area code. */
  searchNumbers(input: { countryIso: string; areaCode: string; limit?: number }): Promise<PlivoOfferedNumber[]>
  /** Rents the number (Plivo's digits, no +). Answers Plivo's order status ('fulfilled', 'pending'). */
  buyNumber(number: string): Promise<{ status: string; numbers: Array<{ number: string; status: string }> }>
  readNumber(number: string): Promise<PlivoOwnedNumber>
  /** Stops renting the number (Plivo's "unrent"): it leaves the account, and its rent stops. */
  releaseNumber(number: string): Promise<void>
  /** Sends a text; `statusUrl` is where Plivo posts its delivery reports (POST). */
  sendMessage(input: { from: string; to: string; text: string; statusUrl?: string }): Promise<{ id: string }>
}

/** Where Plivo's REST API lives: PLIVO_API_URL when set (tests point it at a local fake), else Plivo's. */
export function plivoBase(env: Pick<Env, 'PLIVO_API_URL'>): string {
  return (env.PLIVO_API_URL ?? 'https://api.plivo.com').replace(/\/+$/, '')
}

/** Plivo's digits for a number: no +, no separators (its paths and search answers use this form). */
export function plivoDigits(e164: string): string {
  return e164.replace(/\D/g, '')
}

/** Plivo's v1 REST API on a studio's account (HTTP Basic: auth id and auth token). */
export function plivoClient(base: string, authId: string, authToken: string, timeoutMs = 15_000): PlivoClient {
  const call = providerCall({ provider: 'Plivo', base, authorization: basicAuthorization(authId, authToken), readProblem: readPlivoProblem, timeoutMs })
  const account = `/v1/Account/${encodeURIComponent(authId)}`
  return {
    readAccount: () => call('GET', `${account}/`, accountSchema),
    searchNumbers: async ({ countryIso, areaCode, limit = 20 }) => {
      const query = new URLSearchParams({ country_iso: countryIso, type: 'local', pattern: areaCode, services: 'sms', limit: String(limit) })
      return (await call('GET', `${account}/PhoneNumber/?${query.toString()}`, searchSchema)).objects
    },
    buyNumber: (number) => call('POST', `${account}/PhoneNumber/${encodeURIComponent(plivoDigits(number))}/`, buySchema, { json: {} }),
    readNumber: (number) => call('GET', `${account}/Number/${encodeURIComponent(plivoDigits(number))}/`, ownedSchema),
    releaseNumber: async (number) => {
      // Plivo answers 204 with no body.
      await call('DELETE', `${account}/Number/${encodeURIComponent(plivoDigits(number))}/`, z.unknown())
    },
    sendMessage: async ({ from, to, text: body, statusUrl }) => {
      const callback = statusUrl ? { url: statusUrl, method: 'POST' } : {}
      const sent = await call('POST', `${account}/Message/`, messageSchema, { json: { src: plivoDigits(from), dst: plivoDigits(to), text: body, ...callback } })
      return { id: sent.message_uuid[0] ?? '' }
    },
  }
}
