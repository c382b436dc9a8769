import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import type { PaymentMethod } from '#db/tables/checkout'
import { moneyText } from '#server/catalog/public/price-text'
import { violates } from '#server/errors/constraint-violation'
import { err, ok, type WordedResult } from '#server/errors/result'
import { withoutControlCharacters } from '#server/text/without-control-characters'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { findCartId } from './cart-store'
import { dueNowPerUnit, OPTION_KINDS } from './cart-line-rules'
import { selectCartLines } from './cart-lines'
import { loadCartOffer, loadOfferOfCart } from './cart-offer'
import { priceCartNow, type CartView } from './cart-view'
import { SaleRefused } from './fulfil-line'
import { queueReceiptEmail } from './receipt-email'
import { writeSale } from './write-sale'
import { PAYMENT_CACHE_TAGS } from '#server/invoices/payment-cache-tags'

/** The spec's cart checkout: staff ring up a sale at the desk. */
export const TILL_PATH = '/store/cart-checkout'

/** The cookie naming the sale being rung up at this desk (its own cart, apart from the staff member's shopping). */
export const TILL_COOKIE = 'till'

/**
 * How staff take payment at the desk: spec purchase types creditcard (while the studio takes
 * payments through a provider: the customer pays on its page next), cash and account; 'other'
 * for a cheque or a transfer.
 */
export const TILL_CARD_METHOD = { value: 'card', label: 'Card (the customer pays on the payment page next)' } as const satisfies { value: PaymentMethod; label: string }

export const TILL_METHODS = [
  { value: 'cash', label: 'Cash' },
  { value: 'other', label: 'Other (cheque, transfer)' },
  { value: 'account', label: 'On account (the contact owes it)' },
] as const satisfies ReadonlyArray<{ value: PaymentMethod; label: string }>

export interface TillChoice {
  /** `{itemGuid}/{optionGuid}`: the till's add form posts it. */
  value: string
  label: string
}

export interface TillChoiceGroup {
  label: string
  choices: TillChoice[]
}

/** The kinds the desk sells, in the order their groups are offered (catalog.json names them: till_group_course...). */
const GROUP_KINDS = ['course', 'event', 'product', 'bundle', 'membership'] as const
type GroupKind = (typeof GROUP_KINDS)[number]

function isGroupKind(kind: string): kind is GroupKind {
  return (GROUP_KINDS as readonly string[]).includes(kind)
}

/** Everything the desk can sell: each live option of a published item, by kind, then by name, in the page's language. */
export async function loadTillChoices(database: Platform['database'], tenant: Tenant, language: Language = 'en'): Promise<TillChoiceGroup[]> {
  const rows = await withTenant(database, tenant.id, (trx) =>
    trx
      .selectFrom('catalog_items')
      .innerJoin('item_price_options', 'item_price_options.item_id', 'catalog_items.id')
      .select([
        'catalog_items.guid as item_guid', 'catalog_items.kind', 'catalog_items.name as item_name', 'item_price_options.guid as option_guid',
        'item_price_options.name as option_name', 'item_price_options.price_minor', 'item_price_options.discount_minor', 'item_price_options.currency',
        'item_price_options.registration_fee_minor', 'item_price_options.membership_type', 'item_price_options.trial_duration', 'item_price_options.trial_duration_unit',
        'item_price_options.is_trial_period', 'item_price_options.is_bill_from_next_month', 'item_price_options.billing_day_of_month',
      ])
      .where('catalog_items.kind', 'in', [...OPTION_KINDS])
      .where('catalog_items.is_published', '=', true)
      .where('catalog_items.is_archived', '=', false)
      .where('item_price_options.is_archived', '=', false)
      .orderBy('catalog_items.sort_name')
      .orderBy('item_price_options.sequence')
      .limit(2000)
      .execute(),
  )
  const t = tFor(language, 'catalog')
  const free = tFor(language, 'checkout')('free')
  const groups = new Map<GroupKind, TillChoice[]>()
  for (const row of rows) {
    const due = dueNowPerUnit({
      priceMinor: row.price_minor,
      discountMinor: row.discount_minor,
      registrationFeeMinor: row.registration_fee_minor,
      membershipType: row.membership_type,
      trial: row.is_trial_period && row.trial_duration !== null && row.trial_duration_unit !== null ? { duration: row.trial_duration, unit: row.trial_duration_unit } : null,
      isBillFromNextMonth: row.is_bill_from_next_month,
      billingDayOfMonth: row.billing_day_of_month,
    })
    const name = row.option_name === row.item_name ? row.item_name : `${row.item_name}: ${row.option_name}`
    const label = `${name} (${due === 0 ? free : moneyText(due, row.currency, language)})`
    if (!isGroupKind(row.kind)) continue
    groups.set(row.kind, [...(groups.get(row.kind) ?? []), { value: `${row.item_guid}/${row.option_guid}`, label }])
  }
  return GROUP_KINDS.flatMap((kind) => {
    const choices = groups.get(kind)
    return choices ? [{ label: t(`till_group_${kind}`), choices }] : []
  })
}

/** The till's add form value split back into the cart's fields. */
export function tillChoiceFields(value: unknown): { item: string; priceOption: string } {
  const [item = '', priceOption = ''] = typeof value === 'string' ? value.split('/') : []
  return { item, priceOption }
}

/** The sale on the till now, priced for the desk (any price goes: staff take the money), in the page's language. */
export async function loadTillCart(database: Platform['database'], tenant: Tenant, token: string | null, now: Date, language: Language = 'en'): Promise<CartView | null> {
  const { facts, offer } = await withTenant(database, tenant.id, async (trx) => {
    const cartId = await findCartId(trx, token)
    if (!cartId) return { facts: [], offer: null }
    return { facts: await selectCartLines(trx, cartId), offer: await loadOfferOfCart(trx, cartId, tenant.settings.timezone) }
  })
  return facts.length > 0 ? priceCartNow(facts, tenant, now, { channel: 'till', offer, language }).view : null
}

export interface TillCustomer {
  guid: string
  name: string
  email: string | null
  balanceText: string
}

/** The customer a till address names (?contact={guid}), or null when it names nobody in this tenant; their balance in the page's language. */
export async function loadTillCustomer(database: Platform['database'], tenant: Tenant, unverifiedGuid: string | null, language: Language = 'en'): Promise<TillCustomer | null> {
  if (!unverifiedGuid || !z.string().uuid().safeParse(unverifiedGuid).success) return null
  const row = await withTenant(database, tenant.id, (trx) =>
    trx.selectFrom('contacts').select(['guid', 'first_name', 'last_name', 'email', 'balance_minor']).where('guid', '=', unverifiedGuid).where('is_archived', '=', false).executeTakeFirst(),
  )
  if (!row) return null
  const balance = Number(row.balance_minor)
  const currency = tenant.settings.defaultCurrency || 'USD'
  const t = tFor(language, 'catalog')
  return {
    guid: row.guid,
    name: `${row.first_name} ${row.last_name}`.trim() || row.email || t('till_unnamedContact'),
    email: row.email,
    balanceText: balance === 0 ? t('till_nothingOwed') : balance < 0 ? t('till_owes', { amount: moneyText(-balance, currency, language) }) : t('till_inCredit', { amount: moneyText(balance, currency, language) }),
  }
}

export const TILL_MESSAGES = {
  /** The cart's own words, said of the sale at the desk. */
  added: (name: string) => `${name} is in the sale.`,
  removed: (name: string) => `${name} is out of the sale.`,
  chooseCustomer: 'Choose the customer first.',
  chooseMethod: 'Choose how the customer pays.',
  empty: 'Add something to the sale first.',
  checkSale: 'Please check the sale:',
  sold: (number: string, name: string) => `Sale ${number} to ${name} is complete.`,
  awaitingCard: (number: string, name: string) => `Sale ${number} to ${name} is waiting for its card payment.`,
  noCards: 'Card payments are not set up: choose another way to pay.',
  noteTooLong: 'Note must be at most 1000 characters.',
} as const

const saleSchema = z.object({
  contact: z.string().uuid(TILL_MESSAGES.chooseCustomer),
  method: z.enum(['cash', 'other', 'account', 'card'], { errorMap: () => ({ message: TILL_MESSAGES.chooseMethod }) }),
  note: z.string().transform(withoutControlCharacters).pipe(z.string().trim().max(1000, TILL_MESSAGES.noteTooLong)).default(''),
  attempt: z.string().regex(/^[A-Za-z0-9-]{16,100}$/).optional(),
})

export interface TillSale {
  invoiceGuid: string
  invoiceNumber: number
  customerName: string
  /** A card sale: pending until the customer pays on the provider's page. */
  awaitingPayment: boolean
}

/**
 * Completes the sale on the till for a contact, paid in cash or otherwise, or put on their
 * account (the invoice stays unpaid and their balance goes down by the total). Everything in
 * one transaction with the till's cart locked, as checkout does; a refusal writes nothing.
 */
export async function completeTillSale(
  platform: Pick<Platform, 'database' | 'caches' | 'jobs' | 'env' | 'logger' | 'tenants'>,
  tenant: Tenant,
  input: { token: string | null; posted: Record<string, unknown>; salesPersonId: string; now: Date; origin: string; takesCards: boolean },
): Promise<WordedResult<TillSale, 'invalid_input' | 'conflict' | 'not_found'>> {
  const parsed = saleSchema.safeParse(input.posted)
  if (!parsed.success) return err('invalid_input', parsed.error.issues[0]?.message ?? TILL_MESSAGES.chooseMethod)
  const { contact: contactGuid, method, note, attempt } = parsed.data
  if (method === 'card' && !input.takesCards) return err('conflict', TILL_MESSAGES.noCards)
  if (attempt) {
    const earlier = await findTillSale(platform, tenant.id, attempt)
    if (earlier) return ok(earlier)
  }
  if (input.token === null) return err('conflict', TILL_MESSAGES.empty)
  let sale: TillSale
  try {
    sale = await withTenant(platform.database, tenant.id, async (trx) => {
      const customer = await trx
        .selectFrom('contacts')
        .select(['id', 'first_name', 'last_name', 'email', 'phone'])
        .where('guid', '=', contactGuid)
        .where('is_archived', '=', false)
        .executeTakeFirst()
      if (!customer) throw new SaleRefused(TILL_MESSAGES.chooseCustomer)
      const cartId = await findCartId(trx, input.token)
      const cart = cartId ? await trx.selectFrom('carts').select(['id', 'offer_code']).where('id', '=', cartId).forUpdate().executeTakeFirst() : undefined
      if (!cart) throw new SaleRefused(TILL_MESSAGES.empty)
      const facts = await selectCartLines(trx, cart.id)
      if (facts.length === 0) throw new SaleRefused(TILL_MESSAGES.empty)
      const offer = await loadCartOffer(trx, cart.offer_code, tenant.settings.timezone)
      const priced = priceCartNow(facts, tenant, input.now, { channel: 'till', offer })
      if (priced.view.problems.length > 0) throw new SaleRefused(`${TILL_MESSAGES.checkSale} ${priced.view.problems.join(' ')}`)
      const written = await writeSale(trx, tenant, {
        cartId: cart.id,
        priced,
        buyer: { contactId: customer.id, firstName: customer.first_name, lastName: customer.last_name, email: customer.email ?? '', phone: customer.phone ?? '', note },
        source: 'till',
        paymentMethod: method,
        salesPersonId: input.salesPersonId,
        idempotencyKey: attempt ?? null,
        now: input.now,
        awaitingPayment: method === 'card',
      })
      return { ...written, customerName: `${customer.first_name} ${customer.last_name}`.trim(), awaitingPayment: method === 'card' && priced.totals.totalMinor > 0 }
    })
  } catch (error) {
    if (error instanceof SaleRefused) return err('conflict', error.refusal)
    if (attempt && violates(error, 'invoices_idempotency_key')) {
      const earlier = await findTillSale(platform, tenant.id, attempt)
      if (earlier) return ok(earlier)
    }
    throw error
  } finally {
    platform.caches.changed(tenant.id, PAYMENT_CACHE_TAGS)
  }
  // A card sale's receipt goes when it is paid (settle-payment.ts).
  if (!sale.awaitingPayment) await queueReceiptEmail(platform, tenant, { invoiceGuid: sale.invoiceGuid, origin: input.origin })
  return ok(sale)
}

async function findTillSale(platform: Pick<Platform, 'database'>, tenantId: string, attempt: string): Promise<TillSale | null> {
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx.selectFrom('invoices').select(['guid', 'number', 'first_name', 'last_name', 'status']).where('idempotency_key', '=', attempt).executeTakeFirst(),
  )
  return row ? { invoiceGuid: row.guid, invoiceNumber: row.number, customerName: `${row.first_name} ${row.last_name}`.trim(), awaitingPayment: row.status === 'pending' } : null
}

