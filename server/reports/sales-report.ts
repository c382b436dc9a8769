import { sql, type RawBuilder } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import type { InvoiceLineType } from '#db/tables/checkout'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import { formatPattern } from '#server/dates/date-pattern'
import type { ShownDate } from '#server/dates/tenant-dates'
import { resolveTimeZone } from '#server/dates/time-zone'
import type { Language } from '#server/i18n/languages'
import type { Tenant } from '#server/tenancy/tenant'
import { splitByItemType, type ItemTypeWeight } from './item-type-split'
import { SALES_DAY_PATTERNS, salesPeriodBounds } from './sales-period'
import { salePath, type SalesReportQuery } from './sales-query'
import { CARD_PROVIDERS, LEDGER_METHODS, methodText, paymentChannel, SALE_ITEM_TYPES, transactionStatusText, type MethodLabels, type TransactionKind, type TransactionStatusText } from './sales-words'
import { itemTypeLabelIn, methodLabelsIn } from './sales-words-in'

/**
 * The sales report (issue: payments by period, totals per item type and provider). What it reads:
 *
 * - `invoice_payments`, the ledger of money taken: each row is settled money ('SETTLED', shown
 *   'Completed'), dated when it was paid;
 * - `invoice_refunds`, money given back of a payment: a negative row ('Refunded'), dated when it
 *   was given back, so a refund falls in the period it happened in, not the sale's;
 * - invoices whose recurring charge the card refused (status 'failed'): shown as 'Failed' on the
 *   day they were marked so, never counted in the totals. Abandoned provider attempts
 *   (`payments` left 'expired') are not transactions and are not shown.
 *
 * Archived invoices stay in: archiving tidies the invoice list, it does not undo money taken.
 * Totals are per currency (a studio may sell in several; sums never mix them).
 */

type Bounds = { start: Date; end: Date }
type MoneyFilter = Pick<SalesReportQuery, 'method' | 'provider'>

/** Read as a string by node-postgres and as a number by PGlite. */
type DatabaseNumber = string | number | bigint

/**
 * Every transaction of the period that passes the filters, as one relation: id, kind, when it
 * happened, its invoice, how it was paid and the signed amount. The screen pages it, the CSV
 * reads it in batches.
 */
export function transactionsOf(trx: TenantExecutor, bounds: Bounds, filter: MoneyFilter) {
  const taken = trx
    .selectFrom('invoice_payments as p')
    .select([
      'p.id as id',
      sql<TransactionKind>`'SETTLED'`.as('kind'),
      'p.paid_at as occurred_at',
      'p.invoice_id as invoice_id',
      sql<string>`p.method`.as('method'),
      sql<string | null>`p.provider`.as('provider'),
      sql<DatabaseNumber>`p.amount_minor`.as('amount_minor'),
      'p.currency as currency',
    ])
    .where('p.paid_at', '>=', bounds.start)
    .where('p.paid_at', '<', bounds.end)
    .$if(filter.method !== null, (query) => query.where('p.method', '=', filter.method ?? 'card'))
    .$if(filter.provider !== null, (query) => query.where('p.provider', '=', filter.provider))

  const givenBack = trx
    .selectFrom('invoice_refunds as r')
    .innerJoin('invoice_payments as p', 'p.id', 'r.invoice_payment_id')
    // A refund the provider reported failed gave nothing back.
    .where('r.failed_at', 'is', null)
    .select([
      'r.id as id',
      sql<TransactionKind>`'REFUNDED'`.as('kind'),
      'r.created_at as occurred_at',
      'p.invoice_id as invoice_id',
      sql<string>`p.method`.as('method'),
      sql<string | null>`p.provider`.as('provider'),
      sql<DatabaseNumber>`-r.amount_minor`.as('amount_minor'),
      'p.currency as currency',
    ])
    .where('r.created_at', '>=', bounds.start)
    .where('r.created_at', '<', bounds.end)
    .$if(filter.method !== null, (query) => query.where('p.method', '=', filter.method ?? 'card'))
    .$if(filter.provider !== null, (query) => query.where('p.provider', '=', filter.provider))

  // A refused recurring charge: always a card (the billing job marks an invoice failed only when
  // a kept card was refused), through the provider of its latest attempt.
  const refused = trx
    .selectFrom('invoices as i')
    .leftJoinLateral(
      (eb) => eb.selectFrom('payments').select('payments.provider').whereRef('payments.invoice_id', '=', 'i.id').orderBy('payments.created_at', 'desc').limit(1).as('attempt'),
      (join) => join.onTrue(),
    )
    .select([
      'i.id as id',
      sql<TransactionKind>`'FAILED'`.as('kind'),
      'i.updated_at as occurred_at',
      'i.id as invoice_id',
      sql<string>`'card'`.as('method'),
      sql<string | null>`attempt.provider`.as('provider'),
      sql<DatabaseNumber>`i.balance_minor`.as('amount_minor'),
      'i.currency as currency',
    ])
    .where('i.status', '=', 'failed')
    .where('i.updated_at', '>=', bounds.start)
    .where('i.updated_at', '<', bounds.end)
    .$if(filter.method !== null && filter.method !== 'card', (query) => query.where(sql<boolean>`false`))
    .$if(filter.provider !== null, (query) => query.where(sql.ref('attempt.provider'), '=', filter.provider))

  return taken.unionAll(givenBack).unionAll(refused)
}

/** The row text of a transaction, for the screen and the CSV alike. */
export function transactionRowsOf(trx: TenantExecutor, bounds: Bounds, filter: MoneyFilter) {
  return trx
    .selectFrom(transactionsOf(trx, bounds, filter).as('t'))
    .innerJoin('invoices as i', 'i.id', 't.invoice_id')
    .innerJoin('contacts as c', 'c.id', 'i.contact_id')
    .select([
      't.id',
      't.kind',
      't.occurred_at',
      't.method',
      't.provider',
      't.amount_minor',
      't.currency',
      'i.guid as invoice_guid',
      'i.number as invoice_number',
      'c.guid as contact_guid',
      sql<string>`coalesce(nullif(trim(i.first_name || ' ' || i.last_name), ''), nullif(trim(c.first_name || ' ' || c.last_name), ''), i.email)`.as('contact_name'),
      sql<string | null>`(select string_agg(l.item_name, ', ' order by l.sequence) from invoice_lines l where l.invoice_id = t.invoice_id)`.as('item_names'),
    ])
}

export interface MoneyTotals {
  takenMinor: number
  refundedMinor: number
  netMinor: number
  takenText: string
  refundedText: string
  netText: string
}

export interface CurrencyTotals {
  currency: string
  overall: MoneyTotals
  byItemType: Array<MoneyTotals & { itemType: InvoiceLineType; label: string }>
  byChannel: Array<MoneyTotals & { key: string; label: string }>
}

export interface SalesReportRow {
  id: string
  status: TransactionStatusText
  date: ShownDate
  invoice: { numberText: string; path: string }
  contact: { name: string; path: string }
  items: string
  methodText: string
  amountMinor: number
  amountText: string
}

export interface SalesReport {
  totals: CurrencyTotals[]
  rows: SalesReportRow[]
  total: number
  page: number
  pageCount: number
}

type Sums = { taken: number; refunded: number }

function moneyTotals(sums: Sums, currency: string, language: Language): MoneyTotals {
  const net = sums.taken - sums.refunded
  return {
    takenMinor: sums.taken,
    refundedMinor: sums.refunded,
    netMinor: net,
    takenText: moneyText(sums.taken, currency, language),
    refundedText: moneyText(sums.refunded, currency, language),
    netText: moneyText(net, currency, language),
  }
}

/** The money filters as SQL on a ledger row aliased `p`. */
function ledgerFilter(filter: MoneyFilter): RawBuilder<unknown> {
  return sql`${filter.method ? sql`and p.method = ${filter.method}` : sql``} ${filter.provider ? sql`and p.provider = ${filter.provider}` : sql``}`
}

/** Money taken and given back in the period, by currency and how it was paid. */
async function channelSums(trx: TenantExecutor, bounds: Bounds, filter: MoneyFilter) {
  const result = await sql<{ currency: string; method: string; provider: string | null; taken: DatabaseNumber; refunded: DatabaseNumber }>`
    select currency, method, provider, sum(taken) as taken, sum(refunded) as refunded from (
      select p.currency, p.method, p.provider, p.amount_minor as taken, 0::bigint as refunded
      from invoice_payments p
      where p.paid_at >= ${bounds.start} and p.paid_at < ${bounds.end} ${ledgerFilter(filter)}
      union all
      select p.currency, p.method, p.provider, 0::bigint, r.amount_minor
      from invoice_refunds r join invoice_payments p on p.id = r.invoice_payment_id
      where r.failed_at is null and r.created_at >= ${bounds.start} and r.created_at < ${bounds.end} ${ledgerFilter(filter)}
    ) money
    group by currency, method, provider`.execute(trx)
  return result.rows
}

/**
 * Money taken and given back in the period by currency and item type. An invoice whose lines
 * are all of one type (most are) is summed by Postgres; one with lines of several types comes
 * back line type by line type, and its money is split in proportion to them by
 * splitByItemType, so the parts add up to what was taken exactly.
 */
async function itemTypeSums(trx: TenantExecutor, bounds: Bounds, filter: MoneyFilter) {
  const result = await sql<{ currency: string; item_type: InvoiceLineType; invoice_id: string | null; weight: DatabaseNumber; taken: DatabaseNumber; refunded: DatabaseNumber }>`
    with money as (
      select invoice_id, currency, sum(taken) as taken, sum(refunded) as refunded from (
        select p.invoice_id, p.currency, p.amount_minor as taken, 0::bigint as refunded
        from invoice_payments p
        where p.paid_at >= ${bounds.start} and p.paid_at < ${bounds.end} ${ledgerFilter(filter)}
        union all
        select p.invoice_id, p.currency, 0::bigint, r.amount_minor
        from invoice_refunds r join invoice_payments p on p.id = r.invoice_payment_id
        where r.failed_at is null and r.created_at >= ${bounds.start} and r.created_at < ${bounds.end} ${ledgerFilter(filter)}
      ) moves
      group by invoice_id, currency
    ),
    weighed as (
      select m.invoice_id, m.currency, m.taken, m.refunded,
        coalesce(w.item_type, 'custom') as item_type, coalesce(w.weight, 0) as weight,
        count(*) over (partition by m.invoice_id, m.currency) as types
      from money m
      left join lateral (
        select l.item_type, sum(l.total_minor) as weight from invoice_lines l where l.invoice_id = m.invoice_id group by l.item_type
      ) w on true
    )
    select currency, item_type, null::uuid as invoice_id, 0 as weight, sum(taken) as taken, sum(refunded) as refunded
    from weighed where types = 1 group by currency, item_type
    union all
    select currency, item_type, invoice_id, weight, taken, refunded from weighed where types > 1`.execute(trx)
  return result.rows
}

function addTo<K>(map: Map<K, Sums>, key: K, taken: number, refunded: number): void {
  const sums = map.get(key) ?? { taken: 0, refunded: 0 }
  sums.taken += taken
  sums.refunded += refunded
  map.set(key, sums)
}

const CHANNEL_ORDER: readonly string[] = [...CARD_PROVIDERS, ...LEDGER_METHODS]

async function periodTotals(trx: TenantExecutor, tenant: Tenant, bounds: Bounds, filter: MoneyFilter, language: Language, methodLabels: MethodLabels): Promise<CurrencyTotals[]> {
  // One after the other: a transaction's queries share its connection.
  const channels = await channelSums(trx, bounds, filter)
  const itemTypes = await itemTypeSums(trx, bounds, filter)

  const overall = new Map<string, Sums>()
  const byChannel = new Map<string, Map<string, Sums>>()
  const channelLabels = new Map<string, string>()
  for (const row of channels) {
    const channel = paymentChannel(row.method, row.provider, methodLabels)
    channelLabels.set(channel.key, channel.label)
    addTo(overall, row.currency, Number(row.taken), Number(row.refunded))
    const sums = byChannel.get(row.currency) ?? new Map<string, Sums>()
    addTo(sums, channel.key, Number(row.taken), Number(row.refunded))
    byChannel.set(row.currency, sums)
  }

  const byItemType = new Map<string, Map<InvoiceLineType, Sums>>()
  const mixed = new Map<string, { currency: string; taken: number; refunded: number; weights: ItemTypeWeight[] }>()
  for (const row of itemTypes) {
    const sums = byItemType.get(row.currency) ?? new Map<InvoiceLineType, Sums>()
    byItemType.set(row.currency, sums)
    if (row.invoice_id === null) {
      addTo(sums, row.item_type, Number(row.taken), Number(row.refunded))
      continue
    }
    const key = `${row.invoice_id} ${row.currency}`
    const invoice = mixed.get(key) ?? { currency: row.currency, taken: Number(row.taken), refunded: Number(row.refunded), weights: [] }
    invoice.weights.push({ itemType: row.item_type, totalMinor: Number(row.weight) })
    mixed.set(key, invoice)
  }
  for (const invoice of mixed.values()) {
    const sums = byItemType.get(invoice.currency) ?? new Map<InvoiceLineType, Sums>()
    // Line types in the product's order, so a tie in the split always goes the same way.
    const weights = [...invoice.weights].sort((a, b) => SALE_ITEM_TYPES.indexOf(a.itemType) - SALE_ITEM_TYPES.indexOf(b.itemType))
    for (const part of splitByItemType(invoice.taken, weights)) addTo(sums, part.itemType, part.amountMinor, 0)
    for (const part of splitByItemType(invoice.refunded, weights)) addTo(sums, part.itemType, 0, part.amountMinor)
    byItemType.set(invoice.currency, sums)
  }

  const home = tenant.settings.defaultCurrency.toUpperCase() || 'USD'
  const currencies = [...new Set([...overall.keys(), ...byItemType.keys()])].sort((a, b) => (a === home ? -1 : b === home ? 1 : a.localeCompare(b)))
  if (currencies.length === 0) currencies.push(home)
  return currencies.map((currency) => ({
    currency,
    overall: moneyTotals(overall.get(currency) ?? { taken: 0, refunded: 0 }, currency, language),
    byItemType: [...(byItemType.get(currency) ?? new Map<InvoiceLineType, Sums>()).entries()]
      .filter(([, sums]) => sums.taken !== 0 || sums.refunded !== 0)
      .sort(([a], [b]) => SALE_ITEM_TYPES.indexOf(a) - SALE_ITEM_TYPES.indexOf(b))
      .map(([itemType, sums]) => ({ itemType, label: itemTypeLabelIn(itemType, language), ...moneyTotals(sums, currency, language) })),
    byChannel: [...(byChannel.get(currency) ?? new Map<string, Sums>()).entries()]
      .filter(([, sums]) => sums.taken !== 0 || sums.refunded !== 0)
      .sort(([a], [b]) => orderOf(a) - orderOf(b))
      .map(([key, sums]) => ({ key, label: channelLabels.get(key) ?? key, ...moneyTotals(sums, currency, language) })),
  }))
}

function orderOf(channelKey: string): number {
  const index = CHANNEL_ORDER.indexOf(channelKey)
  return index === -1 ? CHANNEL_ORDER.length : index
}

/**
 * The report for one period and filter: its totals, and one page of its transactions, newest
 * first (a page past the last shows the last), with its words, dates and money in the page's
 * language. One tenant transaction, so the totals and the rows agree.
 */
export async function loadSalesReport(input: { database: DatabaseHandle; tenant: Tenant; query: SalesReportQuery; language?: Language }): Promise<SalesReport> {
  const { database, tenant, query } = input
  const language = input.language ?? 'en'
  const methodLabels = methodLabelsIn(language)
  const timeZone = resolveTimeZone(tenant.settings.timezone)
  const bounds = salesPeriodBounds(query.period, timeZone)
  return withTenant(database, tenant.id, async (trx) => {
    const totals = await periodTotals(trx, tenant, bounds, query, language, methodLabels)
    const counted = await trx
      .selectFrom(transactionsOf(trx, bounds, query).as('t'))
      .select((eb) => eb.fn.countAll<DatabaseNumber>().as('n'))
      .executeTakeFirstOrThrow()
    const total = Number(counted.n)
    const pageCount = Math.max(1, Math.ceil(total / query.pageSize))
    const page = Math.min(query.page, pageCount)
    const rows = await transactionRowsOf(trx, bounds, query)
      .orderBy('t.occurred_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(query.pageSize)
      .offset((page - 1) * query.pageSize)
      .execute()
    return {
      totals,
      total,
      page,
      pageCount,
      rows: rows.map((row) => {
        const amountMinor = Number(row.amount_minor)
        return {
          id: row.id,
          status: transactionStatusText(row.kind),
          date: { dateTime: row.occurred_at.toISOString(), text: formatPattern(row.occurred_at, timeZone, SALES_DAY_PATTERNS[language], language) },
          invoice: { numberText: invoiceNumberText(row.invoice_number), path: salePath(row.invoice_guid) },
          contact: { name: row.contact_name, path: `/contacts/${row.contact_guid}/details` },
          items: row.item_names ?? '',
          methodText: methodText(row.method, row.provider, methodLabels),
          amountMinor,
          amountText: moneyText(amountMinor, row.currency, language),
        }
      }),
    }
  })
}
