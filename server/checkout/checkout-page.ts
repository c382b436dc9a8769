import { randomUUID } from 'node:crypto'
import type { Language } from '#server/i18n/languages'
import type { FormDefinition } from '#server/forms/form-definition'
import { customFieldInput, type FormInput } from '#server/forms/form-inputs'
import { phoneCountryFor } from '#server/forms/phone-mask'
import { withTenant } from '#db/tenant-scope'
import type { DatabaseHandle } from '#db/connection'
import type { SessionUser } from '#server/auth/session-user'
import type { Tenant } from '#server/tenancy/tenant'
import { resolveCart } from './account-cart'
import { selectCartLines } from './cart-lines'
import { loadOfferOfCart } from './cart-offer'
import { priceCartNow, type CartView } from './cart-view'

export interface CheckoutPageView {
  cart: CartView | null
  buyer: { firstName: string; lastName: string; email: string; phone: string; note: string }
  /** Signed in: the sale is theirs, so their name and email come from their account. */
  isSignedIn: boolean
  /** Staff looking at the site or a student portal preview: the page shows, nothing is bought. */
  isPreview: boolean
  waiver: { required: boolean; link: string | null }
  /** The studio asks an event buyer's address (isAddressNeededForEvent) and the cart holds an event. */
  addressRequired: boolean
  /** The key of this drawing of the Place order form (one key, one sale). */
  attempt: string
  /** The studio's checkout form (checkout-form.ts): its custom fields, and whether it asks for guardians. */
  questions: { inputs: FormInput[]; guardians: boolean; phoneMask: string } | null
}

export interface LoadedCheckoutPage {
  page: CheckoutPageView
  /** The cart secret to give this browser when its cart changed (a signed-in buyer's cart from elsewhere). */
  newToken: string | null
}

/** Someone signed in who buys for themselves; previews only look. */
export function buyerOf(user: SessionUser | null): SessionUser | null {
  return user && !user.isPreviewMode && !user.isStudentPreview && user.previewedByContactId === null ? user : null
}

/** The checkout page: the cart priced now (a signed-in buyer's carts merged into one), and the user form's starting values. */
export async function loadCheckoutPage(
  database: DatabaseHandle,
  tenant: Tenant,
  input: { token: string | null; user: SessionUser | null; now: Date; takesCards: boolean; checkoutForm: FormDefinition | null; language?: Language },
): Promise<LoadedCheckoutPage> {
  const buyer = buyerOf(input.user)
  const { facts, offer, newToken } = await withTenant(database, tenant.id, async (trx) => {
    const resolved = await resolveCart(trx, { token: input.token, contactId: buyer?.contactId ?? null })
    if (!resolved.cartId) return { facts: [], offer: null, newToken: resolved.newToken }
    return { facts: await selectCartLines(trx, resolved.cartId), offer: await loadOfferOfCart(trx, resolved.cartId, tenant.settings.timezone), newToken: resolved.newToken }
  })
  const link = tenant.settings.waiverFormLink.trim()
  const page: CheckoutPageView = {
    cart: facts.length > 0 ? priceCartNow(facts, tenant, input.now, { takesCards: input.takesCards, offer, language: input.language }).view : null,
    buyer: { firstName: buyer?.firstName ?? '', lastName: buyer?.lastName ?? '', email: buyer?.email ?? '', phone: '', note: '' },
    isSignedIn: buyer !== null,
    isPreview: input.user !== null && buyer === null,
    waiver: { required: tenant.settings.isWaiverFormToBeSigned, link: /^https?:\/\//i.test(link) ? link : null },
    addressRequired: tenant.settings.isAddressNeededForEvent && facts.some((line) => line.item.kind === 'event'),
    attempt: randomUUID(),
    questions: questionsOf(input.checkoutForm, phoneCountryFor(tenant.settings.country).mask),
  }
  return { page, newToken }
}

function questionsOf(form: FormDefinition | null, mask: string): CheckoutPageView['questions'] {
  if (!form) return null
  const inputs = form.fields.map((field) => customFieldInput(field, mask))
  if (inputs.length === 0 && !form.isShowGuardian) return null
  return { inputs, guardians: form.isShowGuardian, phoneMask: mask }
}
