import { err, ok, type Refusal, type Ok } from '#server/errors/result'
import { senderDomain } from './dns-records'

export interface SenderInfoInput {
  fromName: string
  fromEmail: string
}

export type SenderFormErrors = Partial<Record<keyof SenderInfoInput, string>>

/** The sender form's refusals, in English; the screen answers them in the page's language. */
export const SENDER_FORM_MESSAGES = {
  nameRequired: 'Sender name is required.',
  nameTooLong: 'Sender name is at most 200 characters.',
  emailRequired: 'Sender email is required.',
  ownDomain: 'Enter an address at your own domain, like hello@yourstudio.com.',
  checkDetails: 'Check the sender details.',
} as const

const text = (data: FormData, name: string) => {
  const value = data.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

/**
 * The sender form (spec: fromName and fromEmail required). The address must also have a
 * domain the studio can publish DNS records for, since the records are built from it.
 */
export function parseSenderForm(data: FormData): Ok<SenderInfoInput> | Refusal<'invalid_input', { errors: SenderFormErrors; values: SenderInfoInput }> {
  const values = { fromName: text(data, 'fromName'), fromEmail: text(data, 'fromEmail') }
  const errors: SenderFormErrors = {}
  const M = SENDER_FORM_MESSAGES
  if (!values.fromName) errors.fromName = M.nameRequired
  else if (values.fromName.length > 200) errors.fromName = M.nameTooLong
  if (!values.fromEmail) errors.fromEmail = M.emailRequired
  else if (values.fromEmail.length > 320 || !senderDomain(values.fromEmail)) errors.fromEmail = M.ownDomain
  if (Object.keys(errors).length > 0) return err('invalid_input', M.checkDetails, { errors, values })
  return ok(values)
}
