import { describe, expect, it } from 'vitest'
import { moneyText } from '#server/catalog/public/price-text'
import { dayInLanguage } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import { recipientLanguage } from '#server/i18n/recipient-language'
import { invoiceEmailText } from '#server/invoices/invoice-email'
import type { StaffInvoice } from '#server/invoices/staff-invoice'

/** An overdue invoice as loadStaffInvoice writes it in a language: amounts and the due date in its way. */
function invoiceIn(language: Language): StaffInvoice {
  const money = (minor: number) => moneyText(minor, 'USD', language)
  return {
    guid: '00000000-0000-4000-8000-000000000001',
    numberText: '#0042',
    status: 'unpaid',
    statusText: 'Pending',
    source: 'staff',
    sourceText: 'Written by staff',
    isArchived: false,
    currency: 'USD',
    contact: { guid: '00000000-0000-4000-8000-000000000002', name: 'Ayşe Yılmaz', email: 'ayse@example.test', phone: null, language: 'tr', accountBalanceMinor: 0, accountBalanceText: 'Nothing owed', accountCreditText: '$0.00' },
    dateText: '',
    dueOn: '2026-11-02',
    dueText: dayInLanguage('2026-11-02', { dateFormat: 'MM/dd/YYYY' }, language),
    isOverdue: true,
    note: 'Studio-written note stays as written.',
    salesPerson: null,
    emailedText: null,
    lines: [{ itemName: 'Pottery course', optionName: null, isCustom: false, itemType: 'course', quantity: 2, unitPriceText: money(90000), amountText: money(180000), totalText: money(180000) }],
    totals: { subtotal: money(180000), discount: null, cardFees: null, tax: null, taxLabel: 'Tax', total: money(180000), paid: money(0), refunded: null, balance: money(180000) },
    balanceMinor: 180000,
    payments: [],
    can: { edit: true, takePayment: true, applyCredit: false, void: true, refund: false },
  }
}

const url = 'https://demo.example.test/meminvoice/x'

describe('an invoice email in the contact language', () => {
  it('keeps the English words as they were', () => {
    const email = invoiceEmailText('invoice_reminder', invoiceIn('en'), 'Clay Studio', url, 'en')
    expect(email.subject).toBe('Reminder: invoice #0042 is overdue')
    expect(email.text).toBe(
      [
        'Hello Ayşe Yılmaz,',
        '',
        'This is a reminder that invoice #0042 from Clay Studio was due on 11/02/2026 and is not paid yet.',
        '',
        'Due date: 11/02/2026',
        '',
        '- 2 × Pottery course: $1,800.00',
        '',
        'Subtotal: $1,800.00',
        'Total: $1,800.00',
        'Paid: $0.00',
        'Balance due: $1,800.00',
        '',
        'Studio-written note stays as written.',
        '',
        `Pay online: ${url}`,
      ].join('\n'),
    )
  })

  it('writes Turkish words, a Turkish date and Turkish amounts, and leaves the studio’s words alone', () => {
    const email = invoiceEmailText('invoice_reminder', invoiceIn('tr'), 'Clay Studio', url, 'tr')
    expect(email.subject).toBe('Hatırlatma: #0042 numaralı faturanın vadesi geçti')
    expect(email.text).toContain('Merhaba Ayşe Yılmaz,')
    expect(email.text).toContain('Son ödeme tarihi: 02 Kas 2026')
    expect(email.text).toContain('- 2 × Pottery course: $1.800,00')
    expect(email.text).toContain('Kalan borç: $1.800,00')
    expect(email.text).toContain(`Çevrimiçi ödeyin: ${url}`)
    expect(email.text).toContain('Studio-written note stays as written.')
    expect(email.text).not.toMatch(/Hello|Balance due|Pay online/)
  })

  it('says paid in Turkish for a receipt', () => {
    const email = invoiceEmailText('invoice_success', { ...invoiceIn('tr'), status: 'paid' }, 'Clay Studio', url, 'tr')
    expect(email.subject).toBe('Clay Studio faturası #0042 için makbuz')
    expect(email.text).toContain('Teşekkürler: #0042 numaralı fatura ödendi.')
    expect(email.text).toContain(`Faturanız: ${url}`)
  })
})

describe('the language a person is written to in', () => {
  const studio = (defaultLanguage: Language) => ({ settings: { defaultLanguage } }) as Parameters<typeof recipientLanguage>[1]
  it('is their own, else the studio default', () => {
    expect(recipientLanguage('tr', studio('en'))).toBe('tr')
    expect(recipientLanguage('en', studio('tr'))).toBe('en')
    expect(recipientLanguage(null, studio('tr'))).toBe('tr')
    expect(recipientLanguage('de', studio('en'))).toBe('en')
  })
})
