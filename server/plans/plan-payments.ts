import { sql } from 'kysely'
import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import type { Language } from '#server/i18n/languages'
import { priceText, transactionStatusText } from './plan-catalogue'
import { planDateIn, planNameIn, transactionStatusIn } from './plan-words'
import { isUuid } from '#server/text/is-uuid'

export const PLAN_PAYMENT_PAGE_SIZES = [50, 100, 150] as const
export type PlanPaymentPageSize = (typeof PLAN_PAYMENT_PAGE_SIZES)[number]

/** One row of the Payments table on /settings/plan, ready to show. */
export interface PlanPaymentRow {
  guid: string
  clientName: string
  invoiceName: string
  price: string
  isRecurring: boolean
  status: 'Completed' | 'Failed'
  /** The status in the page's language. */
  statusText: string
  date: string
}

export interface PlanPaymentPage {
  rows: PlanPaymentRow[]
  total: number
  year: number
  page: number
  size: PlanPaymentPageSize
  /** The years the year choice offers: this year back to the first payment's. */
  years: number[]
}

/**
 * The studio's payments for its plan in one calendar year (UTC), newest first, a page at a
 * time. Open checkouts are left out: nothing was paid or refused yet.
 */
export async function listPlanPayments(
  platform: Pick<Platform, 'database'>,
  tenantId: string,
  input: { year: number; page: number; size: PlanPaymentPageSize; now: Date; language?: Language },
): Promise<PlanPaymentPage> {
  const from = new Date(Date.UTC(input.year, 0, 1))
  const to = new Date(Date.UTC(input.year + 1, 0, 1))
  return withTenant(platform.database, tenantId, async (trx) => {
    const shown = trx.selectFrom('plan_payments').where('status', '<>', 'OPEN').where('created_at', '>=', from).where('created_at', '<', to)
    const [counted, rows, first] = await Promise.all([
      shown.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      shown
        .select(['guid', 'client_name', 'plan_id', 'amount_minor', 'currency', 'is_recurring', 'status', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(input.size)
        .offset((input.page - 1) * input.size)
        .execute(),
      trx.selectFrom('plan_payments').select(sql<Date | null>`min(created_at)`.as('first')).executeTakeFirstOrThrow(),
    ])
    const thisYear = input.now.getUTCFullYear()
    const firstYear = Math.min(first.first ? new Date(first.first).getUTCFullYear() : thisYear, thisYear)
    const years: number[] = []
    for (let year = thisYear; year >= firstYear; year -= 1) years.push(year)
    return {
      rows: rows.map((row) => paymentRowOf(row, input.language ?? 'en')),
      total: Number(counted.count),
      year: input.year,
      page: input.page,
      size: input.size,
      years,
    }
  })
}

/** A stored plan payment as the Payments table and the receipt show it. */
function paymentRowOf(
  row: { guid: string; client_name: string; plan_id: string; amount_minor: string | number | bigint; currency: string; is_recurring: boolean; status: string; created_at: Date | string },
  language: Language,
): PlanPaymentRow {
  const status = transactionStatusText(row.status)
  return {
    guid: row.guid,
    clientName: row.client_name,
    invoiceName: planNameIn(row.plan_id, language),
    price: priceText(Number(row.amount_minor), row.currency),
    isRecurring: row.is_recurring,
    status,
    statusText: transactionStatusIn(status, language),
    date: planDateIn(new Date(row.created_at), language),
  }
}

export interface PlanReceipt extends PlanPaymentRow {
  planId: string
  period: string
  reference: string | null
  settledAt: string | null
}

/** One payment of the studio for its plan; null for an unknown guid or another studio's. */
export async function readPlanReceipt(platform: Pick<Platform, 'database'>, tenantId: string, unverifiedGuid: string, language: Language = 'en'): Promise<PlanReceipt | null> {
  if (!isUuid(unverifiedGuid)) return null
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .selectFrom('plan_payments')
      .select(['guid', 'client_name', 'plan_id', 'period', 'amount_minor', 'currency', 'is_recurring', 'status', 'created_at', 'settled_at', 'payment_ref'])
      .where('guid', '=', unverifiedGuid)
      .where('status', '<>', 'OPEN')
      .executeTakeFirst(),
  )
  if (!row) return null
  return {
    ...paymentRowOf(row, language),
    planId: row.plan_id,
    period: row.period,
    reference: row.payment_ref,
    settledAt: row.settled_at ? planDateIn(new Date(row.settled_at), language) : null,
  }
}

/** The Payments table's address: ?year=&page=&size=, anything unreadable back to this year, page 1, 50. */
export function readPlanPaymentQuery(params: URLSearchParams, now: Date): { year: number; page: number; size: PlanPaymentPageSize } {
  const thisYear = now.getUTCFullYear()
  const year = Number(params.get('year'))
  const page = Number(params.get('page'))
  const size = Number(params.get('size'))
  return {
    year: Number.isInteger(year) && year >= 2000 && year <= thisYear ? year : thisYear,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    size: (PLAN_PAYMENT_PAGE_SIZES as readonly number[]).includes(size) ? (size as PlanPaymentPageSize) : 50,
  }
}
