import { invoiceTemplateFor } from '#server/invoices/invoice-email'
import { DEFAULT_INVOICE_PAGE_SIZE, invoiceReportHref, readInvoiceReportQuery } from '#server/invoices/invoice-report-query'

describe('the email template an invoice goes with', () => {
  const today = '2026-11-27'
  it.each([
    [{ status: 'paid', dueOn: null }, 'invoice_success'],
    [{ status: 'refunded', dueOn: null }, 'invoice_success'],
    [{ status: 'failed', dueOn: '2026-01-01' }, 'invoice_failed'],
    [{ status: 'pending', dueOn: null }, 'invoice_pending'],
    [{ status: 'pending', dueOn: today }, 'invoice_pending'],
    [{ status: 'pending', dueOn: '2026-11-26' }, 'invoice_reminder'],
    [{ status: 'unpaid', dueOn: '2026-11-26' }, 'invoice_reminder'],
    [{ status: 'void', dueOn: null }, null],
  ] as const)('%o is %s', (invoice, template) => {
    expect(invoiceTemplateFor(invoice, today)).toBe(template)
  })
})

describe('the invoice report address', () => {
  it('reads what it knows and falls back to defaults for anything else', () => {
    expect(readInvoiceReportQuery(new URLSearchParams('offset=-3&max=7&sort=price&order=up&status=lost&search=%20%230042%20&showArchive=true'))).toEqual({
      offset: 0,
      max: DEFAULT_INVOICE_PAGE_SIZE,
      sort: 'created',
      order: 'desc',
      status: 'all',
      search: '#0042',
      showArchive: true,
    })
    expect(readInvoiceReportQuery(new URLSearchParams('offset=100&max=150&sort=balance&order=asc&status=partial'))).toMatchObject({
      offset: 100,
      max: 150,
      sort: 'balance',
      order: 'asc',
      status: 'partial',
      showArchive: false,
    })
  })

  it('writes only what differs from the defaults', () => {
    const query = readInvoiceReportQuery(new URLSearchParams('search=ada&status=complete'))
    expect(invoiceReportHref(query, { offset: 50 })).toBe('/invoices?search=ada&status=complete&offset=50')
    expect(invoiceReportHref(readInvoiceReportQuery(new URLSearchParams()), {})).toBe('/invoices')
  })
})
