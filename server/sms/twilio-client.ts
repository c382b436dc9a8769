import { z } from 'zod'
import type { Env } from '#server/env.server'
import { basicAuthorization, providerCall, type ProblemReader } from './sms-provider-call'

const accountSchema = z.object({ sid: z.string().max(100), friendly_name: z.string().max(500).default(''), status: z.string().max(50).default('active') })
const messageSchema = z.object({ sid: z.string().min(1).max(100), status: z.string().max(50).default('queued') })
const problemSchema = z.object({ code: z.number().int().nullable().optional(), message: z.string().optional() }).passthrough()

const readTwilioProblem: ProblemReader = (json) => {
  const problem = problemSchema.safeParse(json)
  return problem.success ? { message: problem.data.message ?? null, code: problem.data.code ?? null } : { message: null, code: null }
}

export type TwilioAccount = z.infer<typeof accountSchema>

/** Who a message is sent from: a phone number, or a messaging service that picks one. */
export type TwilioSender = { phone: string; messagingId?: undefined } | { messagingId: string; phone?: undefined }

export interface TwilioClient {
  readAccount(): Promise<TwilioAccount>
  createMessage(input: { to: string; body: string; sender: TwilioSender; statusCallback?: string }): Promise<{ sid: string; status: string }>
}

/** Where Twilio's REST API lives: TWILIO_API_URL when set (tests point it at a local fake), else Twilio's. */
export function twilioBase(env: Pick<Env, 'TWILIO_API_URL'>): string {
  return (env.TWILIO_API_URL ?? 'https://api.twilio.com').replace(/\/+$/, '')
}

/** Twilio's 2010-04-01 REST API on a studio's account (HTTP Basic: account SID and auth token). */
export function twilioClient(base: string, accountSid: string, authToken: string, timeoutMs = 15_000): TwilioClient {
  const call = providerCall({ provider: 'Twilio', base, authorization: basicAuthorization(accountSid, authToken), readProblem: readTwilioProblem, timeoutMs })
  const account = `/2010-04-01/Accounts/${encodeURIComponent(accountSid)}`
  return {
    readAccount: () => call('GET', `${account}.json`, accountSchema),
    createMessage: ({ to, body, sender, statusCallback }) => {
      const form = new URLSearchParams({ To: to, Body: body })
      if (statusCallback) form.set('StatusCallback', statusCallback)
      if (sender.messagingId !== undefined) form.set('MessagingServiceSid', sender.messagingId)
      else form.set('From', sender.phone)
      return call('POST', `${account}/Messages.json`, messageSchema, { form })
    },
  }
}
