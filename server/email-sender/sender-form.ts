import { err, ok, type Refusal, type Ok } from '#server/errors/result'
import { senderDomain } from './dns-records'

export interface SenderInfoInput {
  fromName: string
  fromEmail: string
}

export type SenderFormErrors = Partial<Record<keyof SenderInfoInput, string>>

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
  if (!values.fromName) errors.fromName = 'Sender name is required.'
  else if (values.fromName.length > 200) errors.fromName = 'Sender name is at most 200 characters.'
  if (!values.fromEmail) errors.fromEmail = 'Sender email is required.'
  else if (values.fromEmail.length > 320 || !senderDomain(values.fromEmail)) errors.fromEmail = 'Enter an address at your own domain, like hello@yourstudio.com.'
  if (Object.keys(errors).length > 0) return err('invalid_input', 'Check the sender details.', { errors, values })
  return ok(values)
}
