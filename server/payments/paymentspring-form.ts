import { err, ok, type WordedResult } from '#server/errors/result'
import type { BankDetails, CardDetails } from './paymentspring-client'

export const CARD_FIELDS = ['cardOwnerName', 'cardNumber', 'cardExpMonth', 'cardExpYear', 'csc', 'zip'] as const
export const BANK_FIELDS = ['bankAccountHolderFirstName', 'bankAccountHolderLastName', 'bankAccountNumber', 'bankRoutingNumber', 'bankAccountType'] as const
export type CardField = (typeof CARD_FIELDS)[number]
export type BankField = (typeof BANK_FIELDS)[number]
export type PayFormErrors = Partial<Record<CardField | BankField, string>>
/** What the page shows back after a refusal: never the card number, the CSC or the account number. */
export type PayFormValues = Partial<Record<CardField | BankField, string>>

/** Spec 001's card and bank form messages, and ours in the same voice where it gives none. */
export const PAY_FORM_MESSAGES = {
  fixErrors: 'Please correct the fields marked below.',
  name: 'Name is required!',
  number: 'Number is required!',
  numberShape: 'Enter the card number as it is on the card: 13 to 19 digits.',
  month: 'Month is required!',
  year: 'Year is required!',
  expired: 'This card has expired.',
  cvv: 'CVV is required!',
  cvvShape: 'CVV is the 3 or 4 digits on the card.',
  zipShape: 'ZIP is 5 digits, or 5 and 4.',
  firstName: 'Bank Account Holder First Name is required!',
  lastName: 'Bank Account Holder Last Name is required!',
  accountNumber: 'Bank Account Number is required!',
  accountNumberShape: 'Bank Account Number is 4 to 17 digits.',
  routingNumber: 'Bank Routing Number is required!',
  routingNumberShape: 'Bank Routing Number is the 9 digits printed on your checks.',
  accountType: 'Bank Account Type is required!',
} as const

/** Card expiry years: this year and the nine after it (spec 002). */
export function cardExpiryYears(now: Date): number[] {
  const year = now.getUTCFullYear()
  return Array.from({ length: 10 }, (_, index) => year + index)
}

export type ParsedPayForm<T> = WordedResult<T, 'invalid_input', { errors: PayFormErrors; values: PayFormValues }>

const read = (form: FormData, name: string, max = 100) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim().slice(0, max) : ''
}

/** The card form, checked; card number spaces and dashes are stripped (spec 002). */
export function parseCardForm(form: FormData, now: Date): ParsedPayForm<CardDetails> {
  const M = PAY_FORM_MESSAGES
  const values = { cardOwnerName: read(form, 'cardOwnerName'), cardExpMonth: read(form, 'cardExpMonth', 2), cardExpYear: read(form, 'cardExpYear', 4), zip: read(form, 'zip', 10) }
  const number = read(form, 'cardNumber', 40).replace(/[\s-]/g, '')
  const csc = read(form, 'csc', 10)
  const errors: PayFormErrors = {}
  if (values.cardOwnerName === '') errors.cardOwnerName = M.name
  if (number === '') errors.cardNumber = M.number
  else if (!/^\d{13,19}$/.test(number)) errors.cardNumber = M.numberShape
  const month = Number(values.cardExpMonth)
  const year = Number(values.cardExpYear)
  if (!/^\d{1,2}$/.test(values.cardExpMonth) || month < 1 || month > 12) errors.cardExpMonth = M.month
  if (!cardExpiryYears(now).includes(year)) errors.cardExpYear = M.year
  else if (!errors.cardExpMonth && (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))) errors.cardExpMonth = M.expired
  if (csc === '') errors.csc = M.cvv
  else if (!/^\d{3,4}$/.test(csc)) errors.csc = M.cvvShape
  if (values.zip !== '' && !/^\d{5}(-\d{4})?$/.test(values.zip)) errors.zip = M.zipShape
  if (Object.keys(errors).length > 0) return err('invalid_input', M.fixErrors, { errors, values })
  return ok({ cardOwnerName: values.cardOwnerName, cardNumber: number, cardExpMonth: month, cardExpYear: year, csc, zip: values.zip })
}

/** The bank (ACH) form, checked; the account type is checking unless savings is chosen. */
export function parseBankForm(form: FormData): ParsedPayForm<BankDetails> {
  const M = PAY_FORM_MESSAGES
  const values = {
    bankAccountHolderFirstName: read(form, 'bankAccountHolderFirstName'),
    bankAccountHolderLastName: read(form, 'bankAccountHolderLastName'),
    bankAccountType: read(form, 'bankAccountType', 10),
  }
  const accountNumber = read(form, 'bankAccountNumber', 40).replace(/\s/g, '')
  const routingNumber = read(form, 'bankRoutingNumber', 20).replace(/\s/g, '')
  const errors: PayFormErrors = {}
  if (values.bankAccountHolderFirstName === '') errors.bankAccountHolderFirstName = M.firstName
  if (values.bankAccountHolderLastName === '') errors.bankAccountHolderLastName = M.lastName
  if (accountNumber === '') errors.bankAccountNumber = M.accountNumber
  else if (!/^\d{4,17}$/.test(accountNumber)) errors.bankAccountNumber = M.accountNumberShape
  if (routingNumber === '') errors.bankRoutingNumber = M.routingNumber
  else if (!/^\d{9}$/.test(routingNumber)) errors.bankRoutingNumber = M.routingNumberShape
  if (values.bankAccountType !== 'checking' && values.bankAccountType !== 'savings') errors.bankAccountType = M.accountType
  if (Object.keys(errors).length > 0) return err('invalid_input', M.fixErrors, { errors, values: { ...values, bankRoutingNumber: routingNumber } })
  return ok({
    firstName: values.bankAccountHolderFirstName,
    lastName: values.bankAccountHolderLastName,
    accountNumber,
    routingNumber,
    accountType: values.bankAccountType === 'savings' ? 'savings' : 'checking',
  })
}
