import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { moneyText } from '#server/catalog/public/price-text'
import { dateInLanguage } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { periodCharges } from '#server/memberships/membership-invoice'
import type { Tenant } from '#server/tenancy/tenant'

export interface UpcomingMembershipPayment {
  contactGuid: string
  contactName: string
  membershipName: string
  dateText: string
  amountText: string
  /** How it will be paid: 'Visa ending 4242', or an invoice emailed to the member. */
  paidBy: string
}

export const UPCOMING_DAYS = 30
export const UPCOMING_LIMIT = 20

/**
 * Recurring memberships that bill in the next 30 days (spec: membership/subs/upcoming), soonest
 * first, with what each period will cost at today's rates. Memberships ending at their period's
 * end bill nothing more and are left out.
 */
export async function loadUpcomingMembershipPayments(database: DatabaseHandle, tenant: Tenant, now: Date, language: Language = 'en'): Promise<UpcomingMembershipPayment[]> {
  const t = tFor(language, 'billing')
  const until = new Date(now.getTime() + UPCOMING_DAYS * 24 * 60 * 60 * 1000)
  const rows = await withTenant(database, tenant.id, (trx) =>
    trx
      .selectFrom('contact_memberships')
      .innerJoin('contacts', 'contacts.id', 'contact_memberships.contact_id')
      .leftJoin('saved_payment_methods', 'saved_payment_methods.id', 'contact_memberships.payment_method_id')
      .select([
        'contacts.guid as contact_guid',
        'contacts.first_name',
        'contacts.last_name',
        'contact_memberships.name',
        'contact_memberships.next_billing_at',
        'contact_memberships.period_price_minor',
        'contact_memberships.currency',
        'contact_memberships.is_taxable',
        'contact_memberships.is_charge_card_fees',
        'saved_payment_methods.brand',
        'saved_payment_methods.last4',
      ])
      .where('contact_memberships.membership_type', '=', 'recurring')
      .where('contact_memberships.status', 'in', ['trial', 'active'])
      .where('contact_memberships.cancel_at_period_end', '=', false)
      // Without billing terms a membership bills nothing (billing-period.ts refuses it).
      .where('contact_memberships.period_price_minor', 'is not', null)
      .where('contact_memberships.next_billing_at', '>=', now)
      .where('contact_memberships.next_billing_at', '<', until)
      .orderBy('contact_memberships.next_billing_at')
      .limit(UPCOMING_LIMIT)
      .execute(),
  )
  return rows.map((row) => ({
    contactGuid: row.contact_guid,
    contactName: `${row.first_name} ${row.last_name}`.trim(),
    membershipName: row.name,
    dateText: row.next_billing_at ? dateInLanguage(row.next_billing_at, tenant.settings, 'date', language) : '',
    amountText: moneyText(periodCharges(row, tenant).totalMinor, row.currency ?? tenant.settings.defaultCurrency, language),
    paidBy: row.last4 ? t('upcomingCardEnding', { brand: row.brand ? `${row.brand[0]?.toUpperCase()}${row.brand.slice(1)}` : t('upcomingCard'), last4: row.last4 }) : t('upcomingInvoiceByEmail'),
  }))
}
