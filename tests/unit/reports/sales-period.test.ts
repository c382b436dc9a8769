import { describe, expect, it } from 'vitest'
import { namedSalesPeriod, parseSalesPeriod, salesPeriodBounds, salesPeriodText, type SalesPeriod } from '#server/reports/sales-period'
import { parseSalesReportQuery, salesReportSearch } from '#server/reports/sales-query'

const TODAY = '2026-11-24'
const read = (search: string, today = TODAY) => parseSalesPeriod(new URLSearchParams(search), today)
const THIS_MONTH: SalesPeriod = { kind: 'this-month', from: '2026-11-01', to: '2026-11-30' }

describe('parseSalesPeriod: the period of the sales report, from its address', () => {
  it.each([
    ['', THIS_MONTH],
    ['period=this-month', THIS_MONTH],
    ['period=last-month', { kind: 'last-month', from: '2026-10-01', to: '2026-10-31' }],
    ['period=this-year', { kind: 'this-year', from: '2026-01-01', to: '2026-12-31' }],
    ['from=2026-10-03&to=2026-10-09', { kind: 'custom', from: '2026-10-03', to: '2026-10-09' }],
    // One day is a period too.
    ['from=2026-10-03&to=2026-10-03', { kind: 'custom', from: '2026-10-03', to: '2026-10-03' }],
    ['period=custom&from=2026-10-03&to=2026-10-09', { kind: 'custom', from: '2026-10-03', to: '2026-10-09' }],
    // Days that are a named period read as it, so the preset stays marked after the filter form is sent.
    ['from=2026-10-01&to=2026-10-31', { kind: 'last-month', from: '2026-10-01', to: '2026-10-31' }],
    // A named period wins over days.
    ['period=last-month&from=2026-01-01&to=2026-01-05', { kind: 'last-month', from: '2026-10-01', to: '2026-10-31' }],
    // Blank fields from the form are 'not set'.
    ['from=&to=', THIS_MONTH],
    ['from=%202026-10-03%20&to=2026-10-09', { kind: 'custom', from: '2026-10-03', to: '2026-10-09' }],
  ])('%j is %j', (search, period) => {
    expect(read(search)).toEqual({ period, problem: null })
  })

  it.each([
    ['from=2026-13-45&to=2026-11-30', 'The from date is not a date (use YYYY-MM-DD). Showing this month instead.'],
    ['from=2026-11-01&to=2026-02-30', 'The to date is not a date (use YYYY-MM-DD). Showing this month instead.'],
    ['from=yesterday&to=today', 'The from and to dates are not dates (use YYYY-MM-DD). Showing this month instead.'],
    ['from=11/01/2026&to=2026-11-30', 'The from date is not a date (use YYYY-MM-DD). Showing this month instead.'],
    ['from=0099-01-01&to=2026-11-30', 'The from date is not a date (use YYYY-MM-DD). Showing this month instead.'],
    ['from=2026-11-30&to=2026-11-01', 'The from date is after the to date. Showing this month instead.'],
    ['from=2026-11-01', 'Enter both a from date and a to date. Showing this month instead.'],
    ['to=2026-11-01', 'Enter both a from date and a to date. Showing this month instead.'],
    ['period=custom', 'Enter a from date and a to date. Showing this month instead.'],
    ['period=last-week', 'That period is not one of the choices. Showing this month instead.'],
  ])('%j gives this month and says %j', (search, problem) => {
    expect(read(search)).toEqual({ period: THIS_MONTH, problem })
  })

  it('counts last month across a new year, and a leap February', () => {
    expect(namedSalesPeriod('last-month', '2027-01-15')).toEqual({ kind: 'last-month', from: '2026-12-01', to: '2026-12-31' })
    expect(namedSalesPeriod('this-month', '2028-02-10')).toEqual({ kind: 'this-month', from: '2028-02-01', to: '2028-02-29' })
    expect(namedSalesPeriod('last-month', '2027-03-31')).toEqual({ kind: 'last-month', from: '2027-02-01', to: '2027-02-28' })
  })
})

describe('salesPeriodBounds: the days as instants in the studio zone', () => {
  it('starts and ends at midnight in the zone, DST change included', () => {
    // November 2026 in New York starts on EDT (UTC-4) and ends on EST (UTC-5).
    expect(salesPeriodBounds({ from: '2026-11-01', to: '2026-11-30' }, 'America/New_York')).toEqual({
      start: new Date('2026-11-01T04:00:00.000Z'),
      end: new Date('2026-12-01T05:00:00.000Z'),
    })
    expect(salesPeriodBounds({ from: '2026-11-24', to: '2026-11-24' }, 'Asia/Kolkata')).toEqual({
      start: new Date('2026-11-23T18:30:00.000Z'),
      end: new Date('2026-11-24T18:30:00.000Z'),
    })
    expect(salesPeriodBounds({ from: '2026-01-01', to: '2026-12-31' }, 'No/Such_Zone')).toEqual({
      start: new Date('2026-01-01T00:00:00.000Z'),
      end: new Date('2027-01-01T00:00:00.000Z'),
    })
  })
})

describe('the period in words', () => {
  it.each([
    [THIS_MONTH, 'This month (Nov 01, 2026 – Nov 30, 2026)'],
    [{ kind: 'custom', from: '2026-10-03', to: '2026-10-09' }, 'Oct 03, 2026 – Oct 09, 2026'],
    [{ kind: 'custom', from: '2026-10-03', to: '2026-10-03' }, 'Oct 03, 2026'],
  ] as const)('%j reads %j', (period, text) => {
    expect(salesPeriodText(period)).toBe(text)
  })
})

describe('parseSalesReportQuery: the filters and the page', () => {
  const query = (search: string) => parseSalesReportQuery(new URLSearchParams(search), TODAY).query

  it('reads the method, the provider (in any case), the page and the page size', () => {
    expect(query('method=cash&provider=stripe&page=3&size=100')).toEqual({ period: THIS_MONTH, method: 'cash', provider: 'STRIPE', page: 3, pageSize: 100 })
  })

  it('reads values that are not choices as the defaults', () => {
    expect(query('method=cheque&provider=PAYPAL&page=-2&size=7')).toEqual({ period: THIS_MONTH, method: null, provider: null, page: 1, pageSize: 50 })
    expect(query('page=abc&size=')).toMatchObject({ page: 1, pageSize: 50 })
  })

  it('writes named periods by name and typed days as days, leaving the defaults out', () => {
    expect(salesReportSearch(query(''))).toBe('?period=this-month')
    expect(salesReportSearch(query('from=2026-10-03&to=2026-10-09&method=card&provider=STRIPE&page=2&size=150'))).toBe('?from=2026-10-03&to=2026-10-09&method=card&provider=STRIPE&page=2&size=150')
    expect(salesReportSearch(query('period=this-year&page=2&size=150'), {}, { paging: false })).toBe('?period=this-year')
    // What it writes reads back the same.
    const read = query('from=2026-10-03&to=2026-10-09&method=other&page=4&size=100')
    expect(query(salesReportSearch(read).slice(1))).toEqual(read)
  })
})
