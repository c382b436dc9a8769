import { describe, expect, it } from 'vitest'
import { moneyText } from '#server/catalog/public/price-text'
import { LONG_DATE_PATTERNS } from '#server/dates/date-formats'
import { formatPattern } from '#server/dates/date-pattern'
import type { Language } from '#server/i18n/languages'
import { receiptText } from '#server/checkout/receipt-email'
import { saleLineOptionText, type OrderView } from '#server/checkout/order-view'
import { giftNameIn } from '#server/checkout/gift-name-in'

const paidOn = new Date('2026-11-22T15:00:00Z')

/** A paid online order as loadOrder writes it in a language. */
function orderIn(language: Language): OrderView {
  const money = (minor: number) => moneyText(minor, 'TRY', language)
  return {
    guid: '00000000-0000-4000-8000-000000000003',
    status: 'paid',
    voidReason: null,
    numberText: '#0007',
    dateText: formatPattern(paidOn, 'Europe/Istanbul', LONG_DATE_PATTERNS[language], language),
    statusText: 'Completed',
    buyerName: 'Ayşe Yılmaz',
    email: 'ayse@example.test',
    lines: [{ itemName: '10-Class Card', optionName: null, quantity: 1, amountText: money(250000), givenText: null }],
    totals: { subtotal: money(250000), discount: null, discountLabel: 'Discount', cardFees: null, tax: null, taxLabel: 'Tax', total: money(250000) },
    hasCourse: false,
    hasMembership: false,
    renewalText: null,
    isMembershipPeriod: false,
    isStaffInvoice: false,
    dueText: money(0),
    dueByText: null,
    paidText: null,
    asksForCard: false,
  }
}

const url = 'https://demo.example.test/checkout/orders/x'

describe('a receipt in the buyer language', () => {
  it('keeps the English words as they were', () => {
    const email = receiptText(orderIn('en'), 'Clay Studio', url, 'en')
    expect(email.subject).toBe('Your order #0007 from Clay Studio')
    expect(email.text).toContain('Hello Ayşe Yılmaz,')
    expect(email.text).toContain('Thank you for your order from Clay Studio on Sunday, November 22, 2026.')
    expect(email.text).toContain(`Total: ${moneyText(250000, 'TRY', 'en')}`)
    expect(email.text).toContain(`Your order: ${url}`)
  })

  it('writes Turkish words, a Turkish date and Turkish amounts', () => {
    const email = receiptText(orderIn('tr'), 'Clay Studio', url, 'tr')
    expect(email.subject).toBe('Clay Studio siparişiniz #0007')
    expect(email.text).toContain('22 Kasım 2026 Pazar tarihinde Clay Studio üzerinden verdiğiniz sipariş için teşekkürler.')
    expect(email.text).toContain('Toplam: ₺2.500,00')
    expect(email.text).toContain(`Siparişiniz: ${url}`)
    expect(email.text).not.toMatch(/Hello|Thank you|Total/)
  })
})

describe("a receipt line's words in the buyer language", () => {
  const dropIn = { item_name: 'Wheel Throwing', option_name: 'Drop-in', item_type: 'class', occurrence_starts_at: new Date('2026-11-30T16:00:00Z') }

  it("keeps a class drop-in's English day and time as they were", () => {
    expect(saleLineOptionText(dropIn, 'Europe/Istanbul')).toBe('Drop-in, Monday, November 30, 2026 at 07:00 PM')
  })

  it("writes a class drop-in's day and time in Turkish; the studio's option name stays", () => {
    expect(saleLineOptionText(dropIn, 'Europe/Istanbul', 'tr')).toBe('Drop-in, 30 Kasım 2026 Pazartesi, saat 19:00')
  })

  it("writes the product's gift names in Turkish and leaves a studio's own name alone", () => {
    expect(giftNameIn('One-time gift', 'tr')).toBe('Tek seferlik bağış')
    expect(giftNameIn('Monthly gift', 'tr')).toBe('Aylık bağış')
    expect(giftNameIn('Half-yearly gift', 'tr')).toBe('Altı aylık bağış')
    expect(giftNameIn('Monthly gift', 'en')).toBe('Monthly gift')
    expect(giftNameIn('Patron circle', 'tr')).toBe('Patron circle')
    const gift = { item_name: 'Scholarship Fund', option_name: 'Monthly gift', item_type: 'donation', occurrence_starts_at: null }
    expect(saleLineOptionText(gift, 'UTC', 'tr')).toBe('Aylık bağış')
    expect(saleLineOptionText(gift, 'UTC')).toBe('Monthly gift')
  })
})
