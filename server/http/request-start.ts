import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from '#server/logger'
import { createNonce, securityHeaders, type PaymentScriptOrigins } from './security-headers'

/** What every answer starts with: its request id and the nonce its inline scripts carry. */
export interface RequestStart {
  requestId: string
  nonce: string
}

/**
 * Starts an answer: a request id (the caller's, if it sent one), a fresh nonce, the security
 * headers and the request log line written when the answer is finished. The fast path for kept
 * pages and the express app both start here, so both answers carry the same headers.
 */
export function startRequest(
  req: IncomingMessage,
  res: ServerResponse,
  options: { logger: Logger; isProduction: boolean; allowDevSockets: boolean; formTargets?: readonly string[]; paymentScripts?: PaymentScriptOrigins | null },
): RequestStart {
  const started = process.hrtime.bigint()
  const sent = req.headers['x-request-id']
  const requestId = (typeof sent === 'string' ? sent : '').slice(0, 100) || randomUUID()
  const nonce = createNonce()
  res.setHeader('X-Request-Id', requestId)
  for (const [name, value] of Object.entries(securityHeaders({ nonce, isProduction: options.isProduction, allowDevSockets: options.allowDevSockets, formTargets: options.formTargets, paymentScripts: options.paymentScripts }))) {
    res.setHeader(name, value)
  }
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    options.logger.info({ requestId, method: req.method, url: req.url, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request')
  })
  return { requestId, nonce }
}
