import type { DatabaseHandle } from '#db/connection'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { InvoiceStatus } from '#db/tables/checkout'
import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import { dateInLanguage } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import { invoiceStatusText, type InvoiceStatusWord } from '#server/invoices/invoice-status-text'
import type { Tenant } from '#server/tenancy/tenant'
import { MEMBERSHIP_BILLING_COLUMNS, membershipBillingViews, type MembershipBillingView } from '#server/memberships/membership-billing-view'

export interface MyDonation {
  invoiceGuid: string
  numberText: string
  campaign: string
  dateText: string
  amountText: string
  status: InvoiceStatus
  /** The English status word; the page shows it in its language. */
  statusText: InvoiceStatusWord
}

/** A gift on repeat the student gives, with its billing (next gift, card, Stop giving). */
export interface MyRepeatingGift {
  name: string
  campaign: string
  amountText: string
  billing: MembershipBillingView | null
}

export interface MyDonationsPage {
  /** Gifts on repeat still running (or set to stop at the end of their period). */
  repeating: MyRepeatingGift[]
  donations: MyDonation[]
  /** What the student gave, per currency, on invoices that are paid. */
  givenTexts: string[]
}

/** How many gifts the page lists, newest first. */
export const MY_DONATIONS_LIMIT = 200

/**
 * A student's gifts to the studio's donation campaigns (student /mydonation): each donation
 * line of their invoices, newest first, with the invoice it was given on and its status (a
 * gift waiting for its card payment shows as such). Void invoices are left out.
 */
export async function loadMyDonations(database: DatabaseHandle, tenant: Tenant, contactId: string, language: Language = 'en'): Promise<MyDonationsPage> {
  const { rows, repeating } = await withTenant(database, tenant.id, async (trx) => ({
    repeating: await selectRepeatingGifts(trx, tenant, contactId, language),
    rows: await trx
      .selectFrom('invoice_lines')
      .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
      .select(['invoices.guid', 'invoices.number', 'invoices.created_at', 'invoices.status', 'invoices.paid_minor', 'invoices.currency', 'invoice_lines.item_name', 'invoice_lines.total_minor'])
      .where('invoices.contact_id', '=', contactId)
      .where('invoice_lines.item_type', '=', 'donation')
      .where('invoices.status', '<>', 'void')
      .orderBy('invoices.created_at', 'desc')
      .orderBy('invoice_lines.sequence')
      .limit(MY_DONATIONS_LIMIT)
      .execute(),
  }))
  const given = new Map<string, number>()
  for (const row of rows) if (row.status === 'paid') given.set(row.currency, (given.get(row.currency) ?? 0) + Number(row.total_minor))
  return {
    repeating,
    donations: rows.map((row) => ({
      invoiceGuid: row.guid,
      numberText: invoiceNumberText(row.number),
      campaign: row.item_name,
      dateText: dateInLanguage(row.created_at, tenant.settings, 'date', language),
      amountText: moneyText(Number(row.total_minor), row.currency, language),
      status: row.status,
      statusText: invoiceStatusText({ status: row.status, paidMinor: Number(row.paid_minor) }),
    })),
    givenTexts: [...given.entries()].map(([currency, minor]) => moneyText(minor, currency, language)),
  }
}

/** The student's gifts on repeat that still bill (active, or in their last period before stopping), newest first. */
async function selectRepeatingGifts(trx: TenantExecutor, tenant: Tenant, contactId: string, language: Language): Promise<MyRepeatingGift[]> {
  const rows = await trx
    .selectFrom('contact_memberships')
    .innerJoin('catalog_items', 'catalog_items.id', 'contact_memberships.item_id')
    .leftJoin('saved_payment_methods', 'saved_payment_methods.id', 'contact_memberships.payment_method_id')
    .select(['contact_memberships.id', 'contact_memberships.name', 'contact_memberships.membership_type', 'contact_memberships.status', 'contact_memberships.expires_at', 'catalog_items.name as campaign', ...MEMBERSHIP_BILLING_COLUMNS])
    .where('contact_memberships.contact_id', '=', contactId)
    .where('contact_memberships.is_gift', '=', true)
    .where('contact_memberships.status', 'in', ['active', 'trial', 'suspended'])
    .orderBy('contact_memberships.starts_at', 'desc')
    .execute()
  const billing = await membershipBillingViews(trx, tenant, rows, language)
  return rows.map((row) => ({
    name: row.name,
    campaign: row.campaign,
    amountText: row.period_price_minor === null ? '' : moneyText(Number(row.period_price_minor), row.currency ?? tenant.settings.defaultCurrency, language),
    billing: billing.get(row.id) ?? null,
  }))
}
