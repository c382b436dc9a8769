import type { DatabaseHandle } from '#db/connection'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { HeldMembershipStatus, MembershipType } from '#db/tables/catalog'
import { dateInLanguage } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { Tenant } from '#server/tenancy/tenant'
import { creditsText } from '#server/catalog/bookings/student-classes-page'
import { MEMBERSHIP_BILLING_COLUMNS, membershipBillingViews, type MembershipBillingView } from '#server/memberships/membership-billing-view'

export interface MyMembership {
  id: string
  name: string
  typeText: string
  statusText: string
  /** Whether it can still book. */
  isLive: boolean
  creditsText: string | null
  creditsLeft: number | null
  creditsTotal: number | null
  /** 'Expires 11/04/2027', 'Trial ends 11/29/2026', 'No expiry'. */
  validityText: string
  purchasedText: string
  /** How a recurring membership bills, with what the member may do; null for other kinds. */
  billing: MembershipBillingView | null
}

export interface MyPurchase {
  id: string
  dateText: string
  dateIso: string
  what: string
  kindText: string
}

export interface MyStorePage {
  memberships: MyMembership[]
  purchases: MyPurchase[]
  upcomingBookings: number
}

type Words = ReturnType<typeof tFor<'portal'>>
const typeText = (t: Words, type: MembershipType): string => t(`membershipType_${type}`)
const statusText = (t: Words, status: HeldMembershipStatus): string => t(`membershipStatus_${status}`)
const SOLD_KINDS = ['product', 'bundle', 'donation'] as const
const soldKindText = (t: Words, itemType: string): string => ((SOLD_KINDS as readonly string[]).includes(itemType) ? t(`purchaseKind_${itemType as (typeof SOLD_KINDS)[number]}`) : t('purchaseKind_other'))

/**
 * My Store (/store, students): the memberships the student holds with credits left and expiry,
 * and what they have taken from the studio (memberships, course enrolments, event seats, and
 * merchandise, bundles and donations from their invoices), newest first.
 */
export async function loadMyStore(database: DatabaseHandle, input: { tenant: Tenant; contactId: string; now: Date; language?: Language }): Promise<MyStorePage> {
  const { tenant, now } = input
  const language = input.language ?? 'en'
  const t = tFor(language, 'portal')
  const { held, enrolments, registrations, sold, upcoming } = await withTenant(database, tenant.id, async (trx) => ({
    held: await selectHeldMemberships(trx, tenant, input.contactId, language),
    enrolments: await trx
      .selectFrom('course_enrolments')
      .innerJoin('catalog_items', 'catalog_items.id', 'course_enrolments.course_id')
      .select(['course_enrolments.id', 'course_enrolments.enrolled_at', 'catalog_items.name'])
      .where('course_enrolments.contact_id', '=', input.contactId)
      .where('course_enrolments.status', '<>', 'cancelled')
      .execute(),
    registrations: await trx
      .selectFrom('event_registrations')
      .innerJoin('catalog_items', 'catalog_items.id', 'event_registrations.event_id')
      .select(['event_registrations.id', 'event_registrations.registered_at', 'event_registrations.quantity', 'catalog_items.name'])
      .where('event_registrations.contact_id', '=', input.contactId)
      .where('event_registrations.status', '<>', 'cancelled')
      .execute(),
    sold: await trx
      .selectFrom('invoice_lines')
      .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
      .select(['invoice_lines.id', 'invoice_lines.item_name', 'invoice_lines.item_type', 'invoice_lines.quantity', 'invoices.created_at'])
      .where('invoices.contact_id', '=', input.contactId)
      .where('invoices.status', '<>', 'void')
      .where('invoice_lines.item_type', 'in', ['product', 'bundle', 'donation'])
      .execute(),
    upcoming: await trx
      .selectFrom('class_bookings')
      .innerJoin('class_occurrences', 'class_occurrences.id', 'class_bookings.occurrence_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('class_bookings.contact_id', '=', input.contactId)
      .where('class_bookings.status', '<>', 'cancelled')
      .where('class_occurrences.starts_at', '>', now)
      .executeTakeFirstOrThrow(),
  }))
  const date = (value: Date) => dateInLanguage(value, tenant.settings, 'date', language)
  const mine = heldMembershipViews(tenant, held, now, language)
  const purchases: Array<MyPurchase & { at: number }> = [
    ...held.rows.map((row) => ({ id: row.id, at: row.starts_at.getTime(), what: row.name, kindText: typeText(t, row.membership_type) })),
    ...enrolments.map((row) => ({ id: row.id, at: row.enrolled_at.getTime(), what: row.name, kindText: t('purchaseKind_course') })),
    ...registrations.map((row) => ({ id: row.id, at: row.registered_at.getTime(), what: row.quantity > 1 ? t('eventSeats', { name: row.name, count: row.quantity }) : row.name, kindText: t('purchaseKind_event') })),
    ...sold.map((row) => ({ id: row.id, at: row.created_at.getTime(), what: row.quantity > 1 ? `${row.quantity} × ${row.item_name}` : row.item_name, kindText: soldKindText(t, row.item_type) })),
  ].map((row) => ({ ...row, dateText: date(new Date(row.at)), dateIso: new Date(row.at).toISOString() }))
  purchases.sort((a, b) => b.at - a.at)
  return {
    memberships: mine,
    purchases: purchases.map(({ at: _at, ...purchase }) => purchase),
    upcomingBookings: Number(upcoming.count),
  }
}

/** A contact's memberships, newest first, with what their billing views need (one read). */
async function selectHeldMemberships(trx: TenantExecutor, tenant: Tenant, contactId: string, language: Language) {
  const rows = await trx
    .selectFrom('contact_memberships')
    .leftJoin('saved_payment_methods', 'saved_payment_methods.id', 'contact_memberships.payment_method_id')
    .select([
      'contact_memberships.id',
      'contact_memberships.name',
      'contact_memberships.membership_type',
      'contact_memberships.status',
      'contact_memberships.credits_left',
      'contact_memberships.credits_total',
      'contact_memberships.expires_at',
      'contact_memberships.trial_ends_at',
      'contact_memberships.starts_at',
      ...MEMBERSHIP_BILLING_COLUMNS,
    ])
    .where('contact_memberships.contact_id', '=', contactId)
    // Gifts on repeat are listed with the donor's gifts (/mydonation), not as memberships.
    .where('contact_memberships.is_gift', '=', false)
    .orderBy('contact_memberships.starts_at', 'desc')
    .execute()
  return { rows, billing: await membershipBillingViews(trx, tenant, rows, language) }
}

type HeldMemberships = Awaited<ReturnType<typeof selectHeldMemberships>>

/** A contact's memberships as the staff's Memberships tab shows them, newest first, in the staff member's language. */
export async function loadHeldMemberships(database: DatabaseHandle, input: { tenant: Tenant; contactId: string; now: Date; language: Language }): Promise<MyMembership[]> {
  const held = await withTenant(database, input.tenant.id, (trx) => selectHeldMemberships(trx, input.tenant, input.contactId, input.language))
  return heldMembershipViews(input.tenant, held, input.now, input.language)
}

function heldMembershipViews(tenant: Tenant, { rows, billing }: HeldMemberships, now: Date, language: Language): MyMembership[] {
  const t = tFor(language, 'portal')
  const date = (value: Date) => dateInLanguage(value, tenant.settings, 'date', language)
  return rows.map((row): MyMembership => {
    const expired = row.expires_at !== null && row.expires_at.getTime() <= now.getTime()
    const status: HeldMembershipStatus = expired && (row.status === 'active' || row.status === 'trial') ? 'expired' : row.status
    const ended = row.status === 'cancelled' || expired
    const validityText =
      row.status === 'trial' && row.trial_ends_at
        ? t('trialEnds', { date: date(row.trial_ends_at) })
        : row.expires_at
          ? t(ended ? 'endedOn' : 'expiresOn', { date: date(row.expires_at) })
          : row.membership_type === 'recurring'
            ? t('renewsUntilCancelled')
            : t('noExpiry')
    return {
      id: row.id,
      name: row.name,
      typeText: typeText(t, row.membership_type),
      statusText: statusText(t, status),
      isLive: status === 'active' || status === 'trial',
      creditsText: creditsText({ membershipType: row.membership_type, creditsLeft: row.credits_left, creditsTotal: row.credits_total }, language),
      creditsLeft: row.credits_left,
      creditsTotal: row.credits_total,
      validityText,
      purchasedText: date(row.starts_at),
      billing: shownBilling(billing.get(row.id) ?? null, status),
    }
  })
}

/** A membership that has ended bills no more: its billing is shown only while an invoice of it is unpaid. */
function shownBilling(view: MembershipBillingView | null, status: HeldMembershipStatus): MembershipBillingView | null {
  if (!view) return null
  return status === 'active' || status === 'trial' || status === 'suspended' || view.openInvoice ? view : null
}
