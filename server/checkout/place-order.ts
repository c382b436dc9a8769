import type { Language } from '#server/i18n/languages'
import { visitorLanguage } from '#server/i18n/recipient-language'
import { z } from 'zod'
import { contactLimitMessage } from '#server/plans/plan-limits'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { selectPayableInvoice, type PayableInvoice } from '#server/payments/payable-invoice'
import { violates } from '#server/errors/constraint-violation'
import { err, ok, type WordedResult } from '#server/errors/result'
import { touchStudentContact, upsertFormContact } from '#server/forms/upsert-form-contact'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { cartTokenHash } from './cart-cookie'
import { selectCartLines } from './cart-lines'
import { loadCartOffer } from './cart-offer'
import { priceCartNow } from './cart-view'
import { parseBuyer, type BuyerRefusal } from './buyer-form'
import { readCheckoutForm } from './checkout-form'
import { phoneCountryFor } from '#server/forms/phone-mask'
import { customFieldKey } from '#server/forms/form-inputs'
import { SaleRefused } from './fulfil-line'
import { writeSale } from './write-sale'
import { queueReceiptEmail } from './receipt-email'
import { offerStudentAccount, type AccountOffer } from './account-on-request'
import { keepBuyerDetails } from './keep-buyer-details'
import { dateInputValue } from '#server/dates/local-time'
import { PAYMENT_CACHE_TAGS } from '#server/invoices/payment-cache-tags'

export interface PlacedOrder {
  invoiceGuid: string
  invoiceNumber: number
  email: string
  /** A total to pay by card: the buyer goes on to the payment page. */
  awaitingPayment: boolean
  /** What came of the user form's 'Create an account' (account-on-request.ts). */
  account: AccountOffer
  /** A sale awaiting payment as the payment page needs it, read in the transaction that wrote it; null for an earlier sale. */
  payable: PayableInvoice | null
}

export interface OrderRefusal {
  /** The user form's messages by field; empty when the cart, not the form, is the problem. */
  errors: BuyerRefusal['errors']
  /** What was typed, to show again. */
  values: Record<string, string>
}

export type PlaceOrderResult = WordedResult<PlacedOrder, 'invalid_input' | 'conflict', OrderRefusal>

export const PLACE_ORDER_MESSAGES = {
  empty: 'Your cart is empty.',
  checkCart: 'Please check your cart:',
  notOnline: 'This cart cannot be paid for online yet. Please contact us to buy it.',
} as const

/** The Place order form's key, made when the page was drawn: one key, one sale, however often it is posted. */
const attemptKey = z.string().regex(/^[A-Za-z0-9-]{16,100}$/)

/**
 * Turns the visitor's cart into a sale (spec 002 section 4, checkout): the user form is checked
 * first, then, in one transaction with the cart locked, the cart is priced again from the
 * catalog, the buyer becomes a contact (found by email, or the signed-in student), the invoice
 * is numbered and written with its lines, each line is fulfilled and the cart is emptied. Any
 * refusal rolls all of it back. A post with a key already used answers with that sale.
 *
 * A cart with a total is taken when the studio takes cards: its invoice waits as pending, and
 * the buyer goes on to the payment page; otherwise only a cart whose total is zero is taken.
 */
export async function placeOrder(
  platform: Pick<Platform, 'database' | 'caches' | 'jobs' | 'env' | 'logger' | 'tenants'>,
  tenant: Tenant,
  input: {
    token: string | null
    posted: Record<string, unknown>
    student: { contactId: string } | null
    now: Date
    origin: string
    /** The studio takes cards now (card-payments.ts): a cart with a total waits for its payment. */
    takesCards: boolean
    ip?: string | null
    /** The checkout page's language: kept on a new buyer when it is not the studio's default. */
    language?: Language
  },
): Promise<PlaceOrderResult> {
  const addressRequired = tenant.settings.isAddressNeededForEvent && (await cartHoldsEvent(platform, tenant.id, input.token))
  const checkoutForm = await readCheckoutForm(platform, tenant.id)
  const buyer = parseBuyer(input.posted, {
    waiverRequired: tenant.settings.isWaiverFormToBeSigned,
    addressRequired,
    today: dateInputValue(input.now, tenant.settings.timezone),
    form: checkoutForm ? { definition: checkoutForm, country: phoneCountryFor(tenant.settings.country) } : null,
  })
  if (!buyer.ok) return err('invalid_input', buyer.message, buyer.details)
  const details = buyer.value
  const values: Record<string, string> = {
    firstName: details.firstName, lastName: details.lastName, email: details.email, phone: details.phone, note: details.note, addressLine1: details.addressLine1,
    addressLine2: details.addressLine2, city: details.city, state: details.state, zip: details.zip, emergencyContactName: details.emergencyContactName,
    emergencyContactPhone: details.emergencyContactPhone, dob: details.dob, createAccount: details.wantsAccount ? 'on' : '', ...details.guardians,
    ...Object.fromEntries(details.customAnswers.map((answer) => [customFieldKey(answer.guId), answer.value === true ? 'on' : answer.value === false || answer.value === null ? '' : String(answer.value)])),
  }
  const refused = (message: string): PlaceOrderResult => err('conflict', message, { errors: {}, values })
  const key = attemptKey.safeParse(input.posted.attempt)
  const idempotencyKey = key.success ? key.data : null
  if (input.token === null) {
    const earlier = idempotencyKey ? await findSale(platform, tenant.id, idempotencyKey) : null
    return earlier ? ok(earlier) : refused(PLACE_ORDER_MESSAGES.empty)
  }
  const tokenHash = cartTokenHash(input.token)

  let placed: (PlacedOrder & { contactId: string }) | { earlier: PlacedOrder }
  // A post repeated after its sale was made writes nothing, so it changes no cached page.
  let wrote = true
  try {
    placed = await withTenant(platform.database, tenant.id, async (trx) => {
      // A visitor's cart has no owner; a signed-in buyer's is theirs (account-cart.ts).
      const cart = await trx
        .selectFrom('carts')
        .select(['id', 'offer_code'])
        .where('token_hash', '=', tokenHash)
        .where((eb) => (input.student ? eb.or([eb('contact_id', 'is', null), eb('contact_id', '=', input.student.contactId)]) : eb('contact_id', 'is', null)))
        .forUpdate()
        .executeTakeFirst()
      // A post with a key already used answers with that sale: asked once the cart is locked, so
      // the same post sent twice at once finds the first one's sale when its turn comes.
      const earlier = idempotencyKey ? await selectSale(trx, idempotencyKey) : null
      if (earlier) {
        wrote = false
        return { earlier }
      }
      if (!cart) throw new SaleRefused(PLACE_ORDER_MESSAGES.empty)
      const facts = await selectCartLines(trx, cart.id)
      if (facts.length === 0) throw new SaleRefused(PLACE_ORDER_MESSAGES.empty)
      const offer = await loadCartOffer(trx, cart.offer_code, tenant.settings.timezone)
      const priced = priceCartNow(facts, tenant, input.now, { takesCards: input.takesCards, offer })
      if (priced.view.problems.length > 0) throw new SaleRefused(`${PLACE_ORDER_MESSAGES.checkCart} ${priced.view.problems.join(' ')}`)
      const awaitingPayment = priced.totals.totalMinor > 0
      if (awaitingPayment && !input.takesCards) throw new SaleRefused(PLACE_ORDER_MESSAGES.notOnline)

      const contactId = input.student
        ? ((await touchStudentContact(trx, input.student.contactId, { phone: details.phone, signedWaiver: details.signedWaiver })) ?? input.student.contactId)
        : await upsertFormContact(trx, tenant.id, {
            firstName: details.firstName,
            lastName: details.lastName,
            email: details.email,
            phone: details.phone,
            signedWaiver: details.signedWaiver,
            language: visitorLanguage(input.language, tenant),
          })
      await keepBuyerDetails(trx, { tenantId: tenant.id, contactId, isOwnContact: input.student !== null }, details, checkoutForm?.fields ?? [])
      const sale = await writeSale(trx, tenant, {
        cartId: cart.id,
        priced,
        buyer: { contactId, firstName: details.firstName, lastName: details.lastName, email: details.email, phone: details.phone, note: details.note },
        source: 'checkout',
        paymentMethod: awaitingPayment ? 'card' : 'free',
        salesPersonId: null,
        idempotencyKey,
        now: input.now,
        awaitingPayment,
      })
      const payable = awaitingPayment ? await selectPayableInvoice(trx, sale.invoiceGuid) : null
      return { ...sale, email: details.email, awaitingPayment, account: 'not-offered' as AccountOffer, contactId, payable }
    })
  } catch (error) {
    if (error instanceof SaleRefused) return refused(error.refusal)
    // A new buyer past the studio's plan limit on contacts: no sale, the cart is kept.
    const limit = contactLimitMessage(error)
    if (limit) return refused(limit)
    // The same key posted twice at once: the second insert waited for the first and found its key taken.
    if (idempotencyKey && violates(error, 'invoices_idempotency_key')) {
      const earlier = await findSale(platform, tenant.id, idempotencyKey)
      if (earlier) return ok(earlier)
    }
    throw error
  } finally {
    if (wrote) platform.caches.changed(tenant.id, PAYMENT_CACHE_TAGS)
  }
  if ('earlier' in placed) return ok(placed.earlier)
  const { contactId, ...order } = placed
  if (details.wantsAccount && input.student === null) order.account = await offerStudentAccount(platform, tenant, { contactId, origin: input.origin, ip: input.ip ?? null, now: input.now })
  // A card sale's receipt goes when its payment arrives (stripe-checkout.ts).
  if (order.awaitingPayment) return ok(order)
  await queueReceiptEmail(platform, tenant, { invoiceGuid: order.invoiceGuid, origin: input.origin })
  return ok(order)
}

/** Whether the cart holds an event, for which the studio may ask the buyer's address (isAddressNeededForEvent). */
async function cartHoldsEvent(platform: Pick<Platform, 'database'>, tenantId: string, token: string | null): Promise<boolean> {
  if (token === null) return false
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .selectFrom('carts')
      .innerJoin('cart_lines', 'cart_lines.cart_id', 'carts.id')
      .innerJoin('catalog_items', 'catalog_items.id', 'cart_lines.item_id')
      .select('cart_lines.id')
      .where('carts.token_hash', '=', cartTokenHash(token))
      .where('catalog_items.kind', '=', 'event')
      .executeTakeFirst(),
  )
  return row !== undefined
}

async function findSale(platform: Pick<Platform, 'database'>, tenantId: string, idempotencyKey: string): Promise<PlacedOrder | null> {
  return withTenant(platform.database, tenantId, (trx) => selectSale(trx, idempotencyKey))
}

async function selectSale(trx: TenantExecutor, idempotencyKey: string): Promise<PlacedOrder | null> {
  const row = await trx.selectFrom('invoices').select(['guid', 'number', 'email', 'status']).where('idempotency_key', '=', idempotencyKey).executeTakeFirst()
  return row ? { invoiceGuid: row.guid, invoiceNumber: row.number, email: row.email, awaitingPayment: row.status === 'pending', account: 'not-offered', payable: null } : null
}
