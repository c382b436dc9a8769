import { err, ok, type WordedResult } from '#server/errors/result'
import type { BankDetails, CardDetails } from './paymentspring-client'

/**
 * PaymentSpring's one-use token, made the same way by our server (a form posted without
 * JavaScript) and by the buyer's browser (the card never reaches us): POST /api/v1/tokens with
 * the studio's public key as the Basic user name. Light on purpose: the pay form imports it.
 */
export const PAYMENTSPRING_TOKEN_PATH = '/api/v1/tokens'

/**
 * The studio's PaymentSpring card and bank form (paymentSpringPayPath), with or without a
 * trailing slash: the one page whose Content Security Policy lets the browser call PaymentSpring.
 */
export const PAYMENTSPRING_PAY_PATH = /^\/checkout\/orders\/[^/]+\/pay\/?$/

export const PAYMENTSPRING_TOKEN_MESSAGES = {
  tokenWithCard: 'Send either the card or bank details or a payment token, not both. Please enter the card again.',
  badToken: 'The card or bank details could not be read. Please enter them again.',
  unreachable: 'The payment could not be made just now and nothing was taken. Please try again.',
} as const

/** The request body for a card token. */
export function cardTokenBody(card: CardDetails): Record<string, string | number> {
  return {
    card_owner_name: card.cardOwnerName,
    card_number: card.cardNumber,
    card_exp_month: card.cardExpMonth,
    card_exp_year: card.cardExpYear,
    csc: card.csc,
    ...(card.zip ? { zip: card.zip } : {}),
  }
}

/** The request body for a bank account (ACH) token. */
export function bankTokenBody(bank: BankDetails): Record<string, string> {
  return {
    token_type: 'bank_account',
    bank_account_number: bank.accountNumber,
    bank_routing_number: bank.routingNumber,
    bank_account_holder_first_name: bank.firstName,
    bank_account_holder_last_name: bank.lastName,
    bank_account_type: bank.accountType,
  }
}

/** A posted token: what PaymentSpring's ids look like, within the length the API gives them. */
export const PAYMENTSPRING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,255}$/

/** What the browser keeps of a token answer: the id, and for display the last 4 and the card's brand. */
export type BrowserToken = WordedResult<{ id: string; last4: string; brand: string }, 'invalid_input' | 'unavailable'>

/**
 * Reads PaymentSpring's answer to a token request: a token, or its first error message (what the
 * server path shows too, e.g. 'Card number is invalid'). Anything else is `unreachable`.
 */
export function readTokenAnswer(status: number, body: unknown): BrowserToken {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  if (status >= 200 && status < 300 && typeof record.id === 'string' && PAYMENTSPRING_TOKEN_PATTERN.test(record.id)) {
    const last4 = typeof record.last_4 === 'string' && /^\d{2,4}$/.test(record.last_4) ? record.last_4 : ''
    const brand = typeof record.card_type === 'string' ? record.card_type.slice(0, 30) : ''
    return ok({ id: record.id, last4, brand })
  }
  const first = Array.isArray(record.errors) ? (record.errors[0] as unknown) : undefined
  const message = typeof first === 'object' && first !== null ? (first as Record<string, unknown>).message : undefined
  // A 401 is the studio's keys, not the buyer's card: the buyer gets the general words.
  if (status >= 400 && status < 500 && status !== 401 && typeof message === 'string' && message !== '') return err('invalid_input', message.slice(0, 300))
  return err('unavailable', PAYMENTSPRING_TOKEN_MESSAGES.unreachable)
}

/**
 * Makes a token from the buyer's browser. The public key is made for this (PaymentSpring hands it
 * to web pages); the private key never leaves our server.
 */
export async function requestBrowserToken(apiBase: string, publicKey: string, body: Record<string, string | number>, fetcher: typeof fetch = fetch): Promise<BrowserToken> {
  try {
    const answer = await fetcher(`${apiBase.replace(/\/+$/, '')}${PAYMENTSPRING_TOKEN_PATH}`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${publicKey}:`)}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    })
    const parsed: unknown = await answer.json().catch(() => null)
    return readTokenAnswer(answer.status, parsed)
  } catch {
    return err('unavailable', PAYMENTSPRING_TOKEN_MESSAGES.unreachable)
  }
}
