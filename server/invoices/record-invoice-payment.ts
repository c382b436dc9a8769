import { sql } from 'kysely'
import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import { MAX_AMOUNT_MINOR, parseAmountInput } from '#server/catalog/money'
import { moneyText } from '#server/catalog/public/price-text'
import { SaleRefused } from '#server/checkout/fulfil-line'
import { err, ok, type WordedResult } from '#server/errors/result'
import { awaitsPayment } from '#server/payments/payable-invoice'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { isUuid } from '#server/text/is-uuid'
import { takeInvoicePayment } from './take-payment'
import { PAYMENT_CACHE_TAGS } from './payment-cache-tags'

export const RECORD_PAYMENT_METHODS = ['cash', 'other', 'account'] as const
export type RecordedMethod = (typeof RECORD_PAYMENT_METHODS)[number]

export const PAYMENT_MESSAGES = {
  amountRequired: 'Amount is required!',
  amountInvalid: 'Enter the amount as a number, like 25.00.',
  amountZero: 'The amount must be more than 0.',
  methodRequired: 'Choose how it was paid.',
  noteTooLong: 'The note can be at most 255 characters.',
  notOpen: 'This invoice is not waiting for a payment.',
  onAccountCredit: 'This invoice is already on the contact’s account; record the money they paid instead.',
  recorded: 'Payment recorded.',
  paid: 'Payment recorded. The invoice is paid.',
} as const

export function amountOverBalance(balanceText: string): string {
  return `The amount is more than the balance of ${balanceText}.`
}

export function amountOverCredit(creditText: string): string {
  return `The contact has only ${creditText} in credit.`
}

const paymentFormSchema = z.object({
  method: z.enum(RECORD_PAYMENT_METHODS, { errorMap: () => ({ message: PAYMENT_MESSAGES.methodRequired }) }),
  amount: z.string().trim().min(1, PAYMENT_MESSAGES.amountRequired),
  note: z.string().trim().max(255, PAYMENT_MESSAGES.noteTooLong),
})

export interface PaymentFormValues {
  method: string
  amount: string
  note: string
}

export type PaymentFieldErrors = Partial<Record<keyof PaymentFormValues, string>>

export function paymentFormValues(form: FormData): PaymentFormValues {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  return { method: text('method'), amount: text('amount'), note: text('note') }
}

/**
 * 'Record payment' on an invoice (spec: POST item/invoice/{id}/payment, and applypayment for
 * the account): cash or other money staff took, or the contact's account credit. Part of the
 * balance leaves the invoice partial; all of it makes it paid and gives what it sold. The
 * invoice is locked while the amount is checked against what it owes, so two staff recording
 * at once cannot take more than the balance.
 */
export async function recordInvoicePayment(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenant: Tenant,
  input: { unverifiedGuid: string; values: PaymentFormValues; staffContactId: string; now: Date },
): Promise<WordedResult<{ message: string }, 'not_found' | 'invalid_input' | 'conflict', { fieldErrors: PaymentFieldErrors }>> {
  if (!isUuid(input.unverifiedGuid)) return err('not_found', 'Invoice not found', { fieldErrors: {} })
  const parsed = paymentFormSchema.safeParse(input.values)
  if (!parsed.success) {
    const fieldErrors: PaymentFieldErrors = {}
    for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as keyof PaymentFormValues] ??= issue.message
    return err('invalid_input', 'Please correct the highlighted fields.', { fieldErrors })
  }
  const { method, note } = parsed.data
  const outcome = await withTenant(platform.database, tenant.id, async (trx) => {
    const invoice = await trx
      .selectFrom('invoices')
      .select(['id', 'contact_id', 'source', 'status', 'currency', 'balance_minor'])
      .where('guid', '=', input.unverifiedGuid)
      .forUpdate()
      .executeTakeFirst()
    if (!invoice) return err('not_found', 'Invoice not found', { fieldErrors: {} })
    if (!awaitsPayment(invoice.status) || Number(invoice.balance_minor) <= 0) return err('conflict', PAYMENT_MESSAGES.notOpen, { fieldErrors: {} })
    const amountMinor = parseAmountInput(parsed.data.amount, invoice.currency)
    if (amountMinor === null || amountMinor > MAX_AMOUNT_MINOR) return err('invalid_input', PAYMENT_MESSAGES.amountInvalid, { fieldErrors: { amount: PAYMENT_MESSAGES.amountInvalid } })
    if (amountMinor <= 0) return err('invalid_input', PAYMENT_MESSAGES.amountZero, { fieldErrors: { amount: PAYMENT_MESSAGES.amountZero } })
    const owed = Number(invoice.balance_minor)
    if (amountMinor > owed) {
      const message = amountOverBalance(moneyText(owed, invoice.currency))
      return err('invalid_input', message, { fieldErrors: { amount: message } })
    }
    if (method === 'account') {
      if (invoice.status === 'unpaid') return err('invalid_input', PAYMENT_MESSAGES.onAccountCredit, { fieldErrors: { method: PAYMENT_MESSAGES.onAccountCredit } })
      const contact = await trx.selectFrom('contacts').select('balance_minor').where('id', '=', invoice.contact_id).forUpdate().executeTakeFirstOrThrow()
      const credit = Math.max(0, Number(contact.balance_minor))
      if (amountMinor > credit) {
        const message = amountOverCredit(moneyText(credit, invoice.currency))
        return err('invalid_input', message, { fieldErrors: { amount: message } })
      }
    }
    // A savepoint: what the invoice sold may no longer be given (the last seat went), and then nothing is written.
    await sql`savepoint record_payment`.execute(trx)
    try {
      const taken = await takeInvoicePayment(trx, tenant, invoice, { method, amountMinor, note, recordedBy: input.staffContactId, now: input.now })
      await sql`release savepoint record_payment`.execute(trx)
      return ok({ message: taken === 'paid' ? PAYMENT_MESSAGES.paid : PAYMENT_MESSAGES.recorded })
    } catch (error) {
      if (!(error instanceof SaleRefused)) throw error
      await sql`rollback to savepoint record_payment`.execute(trx)
      return err('conflict', `The payment was not recorded: ${error.refusal}`, { fieldErrors: {} })
    }
  })
  // Declared whatever the outcome: a refused fulfilment rolled back to its savepoint after its statements ran.
  platform.caches.changed(tenant.id, PAYMENT_CACHE_TAGS)
  return outcome
}
