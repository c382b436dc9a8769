import { withTenant } from '#db/tenant-scope'
import type { PaymentProvider } from '#db/tables/payments'
import { giveCardToMemberships } from '#server/memberships/membership-card'
import type { Platform } from '#server/platform'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'

/** A kept card or account as the pay form lists it. */
export interface SavedPaymentMethod {
  id: string
  kind: 'card' | 'bank'
  /** 'Visa ending 1111, expires 08/2028' or 'Bank account ending 6789'. */
  label: string
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', jcb: 'JCB', diners: 'Diners Club', unionpay: 'UnionPay' }

/** How the buyer recognises a kept card or account: brand, last digits and expiry, never the number. */
export function savedMethodLabel(row: { kind: 'card' | 'bank'; brand: string; last4: string; exp_month: number | null; exp_year: number | null }, language: Language = 'en'): string {
  const t = tFor(language, 'portal')
  if (row.kind === 'bank') return t('bankEnding', { last4: row.last4 })
  const brand = BRANDS[row.brand.toLowerCase()] ?? t('cardBrandUnknown')
  if (!row.exp_month || !row.exp_year) return t('cardEnding', { brand, last4: row.last4 })
  return t('cardEndingExpires', { brand, last4: row.last4, expiry: `${String(row.exp_month).padStart(2, '0')}/${row.exp_year}` })
}

/** A contact's kept cards and accounts on the studio's provider keys now in use, newest first. */
export async function listSavedPaymentMethods(
  platform: Pick<Platform, 'database'>,
  tenantId: string,
  input: { contactId: string; provider: PaymentProvider; accountId: string; language?: Language },
): Promise<SavedPaymentMethod[]> {
  const rows = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .selectFrom('saved_payment_methods')
      .select(['id', 'kind', 'brand', 'last4', 'exp_month', 'exp_year'])
      .where('contact_id', '=', input.contactId)
      .where('provider', '=', input.provider)
      .where('account_id', '=', input.accountId)
      .orderBy('created_at', 'desc')
      .limit(10)
      .execute(),
  )
  return rows.map((row) => ({ id: row.id, kind: row.kind, label: savedMethodLabel(row, input.language) }))
}

const PROVIDER_NAMES: Record<PaymentProvider, string> = { STRIPE: 'Stripe', PSPRING: 'PaymentSpring', RAZORPAY: 'Razorpay', PHONEPE: 'PhonePe' }

/** Every card and account the contact kept, whatever provider and keys: the profile lists them so each can be removed. */
export async function listContactSavedMethods(platform: Pick<Platform, 'database'>, tenantId: string, contactId: string, language: Language = 'en'): Promise<Array<SavedPaymentMethod & { providerName: string }>> {
  const rows = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .selectFrom('saved_payment_methods')
      .select(['id', 'kind', 'brand', 'last4', 'exp_month', 'exp_year', 'provider'])
      .where('contact_id', '=', contactId)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute(),
  )
  return rows.map((row) => ({ id: row.id, kind: row.kind, label: savedMethodLabel(row, language), providerName: PROVIDER_NAMES[row.provider] }))
}

/** The provider's reference of one kept method, only for its own contact and keys. */
export async function findSavedPaymentMethod(
  platform: Pick<Platform, 'database'>,
  tenantId: string,
  input: { id: string; contactId: string; provider: PaymentProvider; accountId: string },
): Promise<{ customerRef: string; methodRef: string | null; kind: 'card' | 'bank' } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(input.id)) return null
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .selectFrom('saved_payment_methods')
      .select(['customer_ref', 'method_ref', 'kind'])
      .where('id', '=', input.id)
      .where('contact_id', '=', input.contactId)
      .where('provider', '=', input.provider)
      .where('account_id', '=', input.accountId)
      .executeTakeFirst(),
  )
  return row ? { customerRef: row.customer_ref, methodRef: row.method_ref, kind: row.kind } : null
}

export async function keepSavedPaymentMethod(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenantId: string,
  method: {
    contactId: string
    provider: PaymentProvider
    accountId: string
    customerRef: string
    methodRef?: string | null
    kind: 'card' | 'bank'
    brand: string
    last4: string
    expMonth: number | null
    expYear: number | null
    now: Date
  },
): Promise<void> {
  await withTenant(platform.database, tenantId, async (trx) => {
    await trx
      .insertInto('saved_payment_methods')
      .values({
        tenant_id: tenantId,
        contact_id: method.contactId,
        provider: method.provider,
        account_id: method.accountId,
        customer_ref: method.customerRef,
        method_ref: method.methodRef ?? null,
        kind: method.kind,
        brand: method.brand.slice(0, 40),
        last4: method.last4,
        exp_month: method.expMonth,
        exp_year: method.expYear,
        created_at: method.now,
      })
      .onConflict((conflict) => conflict.constraint('saved_payment_methods_method').doNothing())
      .execute()
    // Later periods of recurring memberships are charged to a Stripe card off session.
    if (method.provider !== 'STRIPE' || !method.methodRef) return
    const kept = await trx
      .selectFrom('saved_payment_methods')
      .select('id')
      .where('provider', '=', 'STRIPE')
      .where('customer_ref', '=', method.customerRef)
      .where('method_ref', '=', method.methodRef)
      .executeTakeFirst()
    if (kept) await giveCardToMemberships(trx, { contactId: method.contactId, methodId: kept.id, now: method.now })
  })
  platform.caches.changed(tenantId, ['memberships'])
}
