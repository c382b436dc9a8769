import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { MAX_AMOUNT_MINOR, parseAmountInput } from '#server/catalog/money'
import { invoiceNumberText } from '#server/checkout/order-view'
import { nextInvoiceNumber } from '#server/checkout/invoice-number'
import { priceLine, type LineInput } from '#server/checkout/pricing'
import { err, ok, type WordedResult } from '#server/errors/result'
import { isUuid } from '#server/text/is-uuid'
import type { Platform } from '#server/platform'
import { isStaffRole } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { findInvoiceableOptions, type InvoiceableOption } from './invoice-choices'
import { CUSTOM_LINE, INVOICE_FORM_MESSAGES as MESSAGES, isBlankLine, MAX_CUSTOM_QUANTITY, type InvoiceFormErrors, type InvoiceFormValues } from './invoice-form'
import { invoiceAddressee } from '#server/invoices/invoice-addressee'

const DATE = /^\d{4}-\d{2}-\d{2}$/

interface ReadLine {
  option: InvoiceableOption | null
  description: string
  unitPriceMinor: number
  unitDiscountMinor: number
  quantity: number
  isTaxable: boolean
  isChargeCardFees: boolean
}

/**
 * Creates a staff invoice for a contact (spec: POST item/invoice), or edits one (PUT
 * item/invoice/{id}) while it is still pending with nothing paid. Lines are catalog options,
 * priced from the catalog as it is now, or free text with a price typed by staff; card fees and
 * tax follow the pricing rules (pricing.ts) at the studio's rates. The invoice waits as pending;
 * what its catalog lines sell is given once it is wholly paid (take-payment.ts). Everything is
 * checked before anything is written: a refused form writes nothing.
 */
export async function saveStaffInvoice(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenant: Tenant,
  input: { values: InvoiceFormValues; editGuid: string | null; today: string; now: Date },
): Promise<WordedResult<{ guid: string; message: string }, 'invalid_input' | 'not_found' | 'conflict', { errors: InvoiceFormErrors }>> {
  if (input.editGuid !== null && !isUuid(input.editGuid)) return err('not_found', 'Invoice not found', { errors: {} })
  try {
    return await writeStaffInvoice(platform, tenant, input)
  } finally {
    platform.caches.changed(tenant.id, ['invoices'])
  }
}

async function writeStaffInvoice(platform: Pick<Platform, 'database'>, tenant: Tenant, input: Parameters<typeof saveStaffInvoice>[2]) {
  const { values } = input
  return withTenant(platform.database, tenant.id, async (trx) => {
    const existing = input.editGuid
      ? await trx.selectFrom('invoices').select(['id', 'number', 'source', 'status', 'paid_minor', 'due_on', 'contact_id']).where('guid', '=', input.editGuid).forUpdate().executeTakeFirst()
      : null
    if (input.editGuid && !existing) return err('not_found', 'Invoice not found', { errors: {} })
    if (existing && (existing.source !== 'staff' || existing.status !== 'pending' || Number(existing.paid_minor) > 0))
      return err('conflict', MESSAGES.notEditable, { errors: { form: MESSAGES.notEditable } })

    const errors: InvoiceFormErrors = {}
    const contact = isUuid(values.contact)
      ? await trx.selectFrom('contacts').select(['id', 'first_name', 'last_name', 'email', 'phone']).where('guid', '=', values.contact).where('is_archived', '=', false).executeTakeFirst()
      : undefined
    if (!contact) errors.contact = MESSAGES.contactRequired
    if (values.dueOn !== '') {
      if (!DATE.test(values.dueOn) || Number.isNaN(Date.parse(`${values.dueOn}T00:00:00Z`))) errors.dueOn = MESSAGES.dueInvalid
      else if (values.dueOn < input.today && values.dueOn !== existing?.due_on) errors.dueOn = MESSAGES.dueBeforeToday
    }
    if (values.note.length > 1000) errors.note = MESSAGES.noteTooLong
    let salesPersonId: string | null = null
    if (values.salesPerson !== '') {
      const seller = isUuid(values.salesPerson) ? await trx.selectFrom('contacts').select(['id', 'role']).where('guid', '=', values.salesPerson).executeTakeFirst() : undefined
      if (!seller || !isStaffRole(seller.role)) errors.salesPerson = MESSAGES.salesPersonUnknown
      else salesPersonId = seller.id
    }
    const lines = await readLines(trx, tenant, values, errors)
    if (Object.keys(errors).length > 0 || !contact) return err('invalid_input', MESSAGES.invalid, { errors })

    const rates = { cardFeePercent: tenant.settings.cardFees, taxPercent: tenant.settings.taxValue1 }
    const priced = lines.map((line) => ({ line, amounts: priceLine(lineInput(line), rates) }))
    const sum = (pick: (amounts: (typeof priced)[number]['amounts']) => number) => priced.reduce((total, entry) => total + pick(entry.amounts), 0)
    const totals = { subtotal: sum((a) => a.priceMinor), cardFees: sum((a) => a.cardFeesMinor), tax: sum((a) => a.taxMinor), total: sum((a) => a.totalMinor) }
    const header = {
      contact_id: contact.id,
      currency: tenant.settings.defaultCurrency,
      subtotal_minor: totals.subtotal,
      discount_minor: 0,
      card_fees_minor: totals.cardFees,
      tax_minor: totals.tax,
      total_minor: totals.total,
      balance_minor: totals.total,
      tax_label: tenant.settings.taxLabel1.trim().slice(0, 100),
      ...invoiceAddressee(contact),
      note: values.note.slice(0, 1000),
      sales_person_id: salesPersonId,
      due_on: values.dueOn === '' ? null : values.dueOn,
      updated_at: input.now,
    }
    let invoice: { id: string; guid: string; number: number }
    if (existing) {
      invoice = await trx.updateTable('invoices').set(header).where('id', '=', existing.id).returning(['id', 'guid', 'number']).executeTakeFirstOrThrow()
      await trx.deleteFrom('invoice_lines').where('invoice_id', '=', existing.id).execute()
    } else {
      invoice = await trx
        .insertInto('invoices')
        .values({ ...header, tenant_id: tenant.id, number: await nextInvoiceNumber(trx, tenant.id), status: 'pending', source: 'staff', created_at: input.now })
        .returning(['id', 'guid', 'number'])
        .executeTakeFirstOrThrow()
    }
    let sequence = 0
    for (const { line, amounts } of priced) {
      sequence += 1
      await trx
        .insertInto('invoice_lines')
        .values({
          tenant_id: tenant.id,
          invoice_id: invoice.id,
          sequence,
          item_id: line.option?.item.id ?? null,
          price_option_id: line.option?.id ?? null,
          item_name: (line.option?.item.name ?? line.description).slice(0, 200),
          item_type: line.option?.item.kind ?? 'custom',
          option_name: line.option ? line.option.name.slice(0, 200) : null,
          quantity: line.quantity,
          unit_price_minor: line.unitPriceMinor - line.unitDiscountMinor,
          price_minor: amounts.priceMinor,
          card_fees_minor: amounts.cardFeesMinor,
          tax_minor: amounts.taxMinor,
          total_minor: amounts.totalMinor,
          membership_type: line.option?.membershipType ?? null,
          credits: line.option?.membershipType === 'card' ? line.option.credits : null,
        })
        .execute()
    }
    const number = invoiceNumberText(invoice.number)
    return ok({ guid: invoice.guid, message: existing ? MESSAGES.updated(number) : MESSAGES.created(number) })
  })
}

/** A free-text line of any quantity is priced as one unit of its whole amount: the same sum, inside pricing's 1 to 9. */
function lineInput(line: ReadLine): LineInput {
  const custom = line.option === null
  return {
    unitPriceMinor: custom ? line.unitPriceMinor * line.quantity : line.unitPriceMinor,
    unitDiscountMinor: custom ? 0 : line.unitDiscountMinor,
    quantity: custom ? 1 : line.quantity,
    isTaxable: line.isTaxable,
    isChargeCardFees: line.isChargeCardFees,
    offerDiscountMinor: 0,
    recurring: null,
  }
}

async function readLines(trx: TenantExecutor, tenant: Tenant, values: InvoiceFormValues, errors: InvoiceFormErrors): Promise<ReadLine[]> {
  const filled = values.lines.map((line, index) => ({ line, index })).filter(({ line }) => !isBlankLine(line))
  if (filled.length === 0) {
    errors.lines = MESSAGES.linesRequired
    return []
  }
  const options = await findInvoiceableOptions(
    trx,
    filled.map(({ line }) => line.choice).filter((choice) => choice !== CUSTOM_LINE && choice !== '' && isUuid(choice)),
  )
  const lineError = (index: number, field: 'choice' | 'description' | 'price' | 'quantity', message: string) => {
    errors.line ??= {}
    errors.line[index] = { ...errors.line[index], [field]: message }
  }
  const read: ReadLine[] = []
  for (const { line, index } of filled) {
    const custom = line.choice === CUSTOM_LINE || line.choice === ''
    const option = custom ? null : options.get(line.choice) ?? null
    if (!custom && !option) {
      lineError(index, 'choice', MESSAGES.itemGone)
      continue
    }
    const maxQuantity = option ? option.maxQuantity : MAX_CUSTOM_QUANTITY
    const quantity = /^\d{1,4}$/.test(line.quantity.trim()) ? Number(line.quantity.trim()) : NaN
    if (!(quantity >= 1 && quantity <= maxQuantity)) lineError(index, 'quantity', MESSAGES.quantityInvalid(maxQuantity))
    if (option) {
      read.push({
        option,
        description: '',
        unitPriceMinor: option.priceMinor,
        unitDiscountMinor: Math.min(option.discountMinor, option.priceMinor),
        quantity,
        isTaxable: option.isTaxable,
        isChargeCardFees: option.isChargeCardFees,
      })
      continue
    }
    const description = line.description.trim()
    if (description === '') lineError(index, 'description', MESSAGES.descriptionRequired)
    else if (description.length > 200) lineError(index, 'description', MESSAGES.descriptionTooLong)
    const price = line.price.trim() === '' ? null : parseAmountInput(line.price, tenant.settings.defaultCurrency)
    if (line.price.trim() === '') lineError(index, 'price', MESSAGES.priceRequired)
    else if (price === null || (Number.isFinite(quantity) && price * quantity > MAX_AMOUNT_MINOR)) lineError(index, 'price', MESSAGES.priceInvalid)
    read.push({ option: null, description, unitPriceMinor: price ?? 0, unitDiscountMinor: 0, quantity, isTaxable: line.taxable, isChargeCardFees: line.cardFees })
  }
  return read
}
