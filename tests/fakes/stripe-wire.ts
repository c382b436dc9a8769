import { createHmac, randomBytes } from 'node:crypto'
import { postOnce } from './fake-http'

export { escapeHtml, headerOf, readBody, sendHtml, sendJson } from './fake-http'

/** Stripe's wire format as the fake speaks it: form decoding, error shapes, signatures, small answers. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error'
  message: string
  code?: string
  param?: string
}

/** Thrown by the handlers, answered in Stripe's error shape. */
export class Refusal extends Error {
  constructor(readonly status: number, readonly body: StripeErrorBody) {
    super(body.message)
  }
}

export type FormValue = string | FormFields
export interface FormFields {
  [key: string]: FormValue
}

export interface Answer {
  status: number
  body: unknown
}

// Stripe refuses a payment below the smallest charge it can settle; a product that sends a few
// cents must find out here rather than in production. Other currencies: anything above zero.
export const MINIMUM_CHARGE: Record<string, number> = { usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50, nzd: 50, chf: 50, jpy: 50, sek: 300, nok: 300, dkk: 250 }

export function invalid(message: string, param?: string): Refusal {
  return new Refusal(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) })
}

export function missing(kind: string, id: string): Refusal {
  return new Refusal(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` })
}

export function notFoundRoute(method: string, path: string): Refusal {
  return new Refusal(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). The fake Stripe (tests/fakes/stripe.ts) does not model this endpoint.`,
  })
}

/** Decodes Stripe's form encoding (`a[b][0][c]=v`) into nested objects; arrays stay objects keyed "0", "1", … */
export function parseForm(raw: string): FormFields {
  const root: FormFields = {}
  for (const [name, value] of new URLSearchParams(raw)) {
    const head = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name)
    if (!head) throw invalid(`Invalid parameter name: ${name}`)
    const path = [head[1], ...[...head[2].matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1])]
    let node = root
    for (let index = 0; index < path.length; index += 1) {
      const key = path[index] === '' ? String(Object.keys(node).length) : path[index]
      if (index === path.length - 1) {
        if (typeof node[key] === 'object') throw invalid(`Invalid parameter: ${name} is both a value and an object`, name)
        node[key] = value
        break
      }
      const next = node[key] ?? {}
      if (typeof next === 'string') throw invalid(`Invalid parameter: ${name} is both a value and an object`, name)
      node[key] = next
      node = next
    }
  }
  return root
}

export function text(fields: FormFields, key: string): string | undefined {
  const value = fields[key]
  return typeof value === 'string' ? value : undefined
}

export function object(fields: FormFields, key: string, param = key): FormFields | undefined {
  const value = fields[key]
  if (value === undefined || value === '') return undefined
  if (typeof value === 'string') throw invalid(`Invalid object: ${param} must be a hash`, param)
  return value
}

export function list(fields: FormFields, key: string): FormFields[] {
  const value = object(fields, key)
  if (!value) return []
  const indexes = Object.keys(value)
  if (indexes.some((index) => !/^\d+$/.test(index))) throw invalid(`Invalid array: ${key} must be an indexed list`, key)
  return indexes
    .map(Number)
    .sort((a, b) => a - b)
    .map((index) => {
      const item = value[String(index)]
      if (typeof item === 'string') throw invalid(`Invalid object: ${key}[${index}] must be a hash`, `${key}[${index}]`)
      return item
    })
}

export function refuseUnknown(fields: FormFields, allowed: string[], prefix?: string): void {
  for (const key of Object.keys(fields)) {
    const param = prefix ? `${prefix}[${key}]` : key
    if (!allowed.includes(key)) throw invalid(`Received unknown parameter: ${param}`, param)
  }
}

export function integer(value: string, param: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw invalid(`Invalid integer: ${value}`, param)
  return Number(value)
}

export function absoluteUrl(fields: FormFields, key: string): string {
  const value = text(fields, key)
  if (!value) throw invalid(`Missing required param: ${key}.`, key)
  const parsed = URL.canParse(value) ? new URL(value) : null
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) throw invalid('Not a valid URL', key)
  return value
}

/** Stripe's metadata limits, so a product that overflows them fails in tests first. */
export function metadataOf(fields: FormFields, key: string, param = key): Record<string, string> {
  const value = object(fields, key, param) ?? {}
  const metadata: Record<string, string> = {}
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw invalid(`Invalid value for ${param}[${name}]: metadata values must be strings`, `${param}[${name}]`)
    if (name.length > 40) throw invalid(`Invalid ${param}: keys must be at most 40 characters (${name})`, param)
    if (entry.length > 500) throw invalid(`Invalid ${param}: values must be at most 500 characters (${name})`, param)
    // An empty value unsets a key in Stripe, so it never shows up.
    if (entry !== '') metadata[name] = entry
  }
  if (Object.keys(metadata).length > 50) throw invalid(`Invalid ${param}: at most 50 keys`, param)
  return metadata
}

export function formatAmount(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() })
  // Zero-decimal currencies (JPY) have no minor unit: Intl knows which they are.
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return format.format(minor / 10 ** digits)
}

export function signatureHeader(payload: string, secret: string): string {
  const timestamp = nowSeconds()
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')
  return `t=${timestamp},v1=${signature}`
}

export function redact(key: string): string {
  return key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key
}

export function randomToken(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('')
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000)
}


/** Stripe's webhook delivery of one event payload: its headers, one POST. */
export function postJson(target: string, payload: string, signature: string): Promise<number> {
  return postOnce(target, payload, { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)', 'Stripe-Signature': signature }, 'webhook receiver')
}
