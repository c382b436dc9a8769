import { describe, expect, it } from 'vitest'
import { balanceText } from '#server/contacts/balance-text'
import { deleteMessage } from '#server/contacts/delete-contacts'
import { tagMessage } from '#server/contacts/tag-contacts'
import { translateMessage } from '#server/i18n/translate-message'
import { CUSTOM_FIELD_FILTER_MESSAGES } from '#server/contacts/custom-field-filter'

const plain = (text: string) => text.replace(/\u00a0/g, ' ')

describe("the contacts screens' server words in English and Turkish", () => {
  it('writes a balance with its sign in each language', () => {
    expect(plain(balanceText(-123456, 'USD'))).toBe('-$1,234.56')
    expect(plain(balanceText(-123456, 'USD', 'tr'))).toBe('-$1.234,56')
    expect(plain(balanceText(2000, 'TRY', 'tr'))).toBe('+₺20,00')
  })

  it("says what a bulk delete did, word for word in English and in Turkish", () => {
    const refusals = new Map([
      ['a staff login', 1],
      ['yourself', 1],
    ])
    expect(deleteMessage(3, 1, ['form submissions'], refusals, 1)).toBe(
      '3 contacts deleted; 1 archived because they have form submissions. 1 contact with a staff login was not deleted. You cannot delete yourself. 1 contact was not found and left alone.',
    )
    expect(deleteMessage(1250, 2, ['form submissions', 'invoices'], new Map(), 0, 'tr')).toBe('1.250 kişi silindi; 2 kişi, form gönderimleri veya faturaları olduğu için arşivlendi.')
  })

  it('says what a bulk tag did in each language', () => {
    expect(tagMessage('add', 'Summer Camp', 1, 3, 0)).toBe("Tag 'Summer Camp' added to 1 contact. 2 contacts had it already.")
    expect(tagMessage('add', 'Yaz Kampı', 1, 3, 0, 'tr')).toBe("'Yaz Kampı' etiketi 1 kişiye eklendi. 2 kişide zaten vardı.")
    expect(tagMessage('remove', 'Yaz Kampı', 2, 2, 1, 'tr')).toBe("'Yaz Kampı' etiketi 2 kişiden kaldırıldı. 1 kişi bulunamadı ve olduğu gibi bırakıldı.")
  })

  it("translates a custom field filter's problem, keeping the field's name and values", () => {
    expect(translateMessage('tr', CUSTOM_FIELD_FILTER_MESSAGES.notAnOptionChoose('mavi', 'Renk', 'Kırmızı, Yeşil'))).toBe(
      '“mavi”, Renk alanının seçeneklerinden biri değil; bu filtre uygulanmadı. Şunlardan birini seçin: Kırmızı, Yeşil.',
    )
    expect(translateMessage('tr', CUSTOM_FIELD_FILTER_MESSAGES.tickBox('Veli izni'))).toBe('Veli izni bir onay kutusu: Evet ya da Hayır seçin. Bu filtre uygulanmadı.')
  })
})
