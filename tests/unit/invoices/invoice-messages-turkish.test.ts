import { describe, expect, it } from 'vitest'
import { translateMessage } from '#server/i18n/translate-message'
import { tFor } from '#server/i18n/server-translator'
import { INVOICE_FORM_MESSAGES, translateInvoiceFormErrors } from '#server/invoices/invoice-form'
import { amountOverBalance, PAYMENT_MESSAGES } from '#server/invoices/record-invoice-payment'
import { REFUND_MESSAGES } from '#server/invoices/refund-invoice-payment'

const errors = {
  contact: INVOICE_FORM_MESSAGES.contactRequired,
  line: { 0: { price: INVOICE_FORM_MESSAGES.priceRequired, quantity: INVOICE_FORM_MESSAGES.quantityInvalid(999) } },
}

describe('the staff invoice messages in Turkish', () => {
  it('keeps the form errors English on an English page', () => {
    expect(translateInvoiceFormErrors(errors, (message) => translateMessage('en', message))).toEqual(errors)
  })

  it('writes each form error, a line’s too, in Turkish with its values kept', () => {
    expect(translateInvoiceFormErrors(errors, (message) => translateMessage('tr', message))).toEqual({
      contact: 'Faturalanacak kişiyi seçin.',
      line: { 0: { price: 'Fiyat zorunludur!', quantity: 'Adet 1 ile 999 arasında bir tam sayı olmalıdır.' } },
    })
  })

  it('translates the toasts and refusals of saving, paying and refunding', () => {
    expect(translateMessage('tr', INVOICE_FORM_MESSAGES.created('#0007'))).toBe('#0007 numaralı fatura oluşturuldu.')
    expect(translateMessage('tr', PAYMENT_MESSAGES.paid)).toBe('Ödeme kaydedildi. Fatura ödendi.')
    expect(translateMessage('tr', amountOverBalance('$40,00'))).toBe('Tutar, $40,00 olan kalan bakiyeden fazla.')
    expect(translateMessage('tr', REFUND_MESSAGES.refundedElsewhere('Stripe'))).toBe('Stripe, bu ödemenin burada kaydedilmemiş iadelerini gösteriyor. Ödemeyi Stripe panelinde kontrol edin, ardından iade edileni kaydedin.')
  })

  it('counts the items a report row leaves out in both languages', () => {
    expect(tFor('en', 'billing')('invoiceMoreItems', { count: 2 })).toBe('and 2 more')
    expect(tFor('tr', 'billing')('invoiceMoreItems', { count: 2 })).toBe('ve 2 tane daha')
  })
})
