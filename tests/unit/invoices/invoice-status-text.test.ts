import { describe, expect, it } from 'vitest'
import type { InvoiceStatus } from '#db/tables/checkout'
import { invoiceStatusText } from '#server/invoices/invoice-status-text'

describe('invoiceStatusText', () => {
  it.each<[InvoiceStatus, number, string]>([
    ['pending', 0, 'Pending'],
    ['paid', 4200, 'Complete'],
    ['unpaid', 0, 'On account'],
    ['failed', 0, 'Failed'],
    ['void', 0, 'Void'],
    ['refunded', 4200, 'Refunded'],
    // Some money taken, some still owed.
    ['pending', 1000, 'Partial'],
    ['unpaid', 1, 'Partial'],
    // A free order has nothing to take and is complete all the same.
    ['paid', 0, 'Complete'],
    // A failed charge or a cancelled invoice keeps its own word whatever was taken before.
    ['failed', 1000, 'Failed'],
    ['void', 1000, 'Void'],
  ])('%s with %i taken reads %j', (status, paidMinor, text) => {
    expect(invoiceStatusText({ status, paidMinor })).toBe(text)
  })
})
