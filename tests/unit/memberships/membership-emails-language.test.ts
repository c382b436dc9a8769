import { describe, expect, it } from 'vitest'
import { periodNoticeText, salesNoticeText, type PeriodNotice } from '#server/memberships/membership-emails'

const english = {
  studio: 'Clay Studio',
  memberName: 'Ada',
  membership: 'Monthly Unlimited',
  numberText: '#0042',
  totalText: '$120.00',
  dueText: '12/01/2026',
  payUrl: 'https://clay.example.test/checkout/orders/x',
  retryText: '12/04/2026',
}
const turkish = { ...english, memberName: 'Ayşe', totalText: '$120,00', dueText: '01 Ara 2026', retryText: '04 Ara 2026' }
const retryAt = new Date('2026-12-04T00:00:00Z')

describe("a membership's period notices in English, word for word as before", () => {
  const what = 'Monthly Unlimited (invoice #0042, $120.00, due 12/01/2026)'
  const pay = `To pay it now, open: ${english.payUrl}`
  it.each<[string, PeriodNotice, boolean, string, string[]]>([
    ['pending', { kind: 'pending' }, false, 'Invoice #0042 from Clay Studio', ['Hello Ada,', '', `Your membership's next period is due: ${what}.`, '', pay]],
    ['pending gift', { kind: 'pending' }, true, 'Invoice #0042 from Clay Studio', ['Hello Ada,', '', `Your next gift is due: ${what}.`, '', pay]],
    [
      'reminder',
      { kind: 'reminder', retryAt },
      false,
      'Reminder: invoice #0042 from Clay Studio is not paid yet',
      ['Hello Ada,', '', `Your membership's period is still waiting for its payment: ${what}.`, 'Please pay it before 12/04/2026 to keep your membership.', '', pay],
    ],
    [
      'reminder gift',
      { kind: 'reminder', retryAt },
      true,
      'Reminder: invoice #0042 from Clay Studio is not paid yet',
      ['Hello Ada,', '', `Your gift's payment is still waiting for its payment: ${what}.`, 'Please pay it before 12/04/2026 to keep your gift.', '', pay],
    ],
    [
      'failed',
      { kind: 'failed', reason: 'Your card was declined.', retryAt },
      false,
      'Your payment to Clay Studio did not go through',
      ['Hello Ada,', '', `We could not take the payment for ${what}: Your card was declined.`, 'We will try your card again on 12/04/2026.', '', `${pay} (you can use another card).`],
    ],
    [
      'suspended',
      { kind: 'suspended', reason: 'Your card was declined.' },
      false,
      'Your membership at Clay Studio is suspended',
      ['Hello Ada,', '', `We could not take the payment for ${what}: Your card was declined..`, 'Your membership is suspended until it is paid.', '', pay],
    ],
    ['suspended gift', { kind: 'suspended', reason: null }, true, 'Your gift at Clay Studio is suspended', ['Hello Ada,', '', `We could not take the payment for ${what}.`, 'Your gift is suspended until it is paid.', '', pay]],
  ])('%s', (_name, notice, isGift, subject, lines) => {
    expect(periodNoticeText(notice, { ...english, isGift })).toEqual({ subject, text: lines.join('\n') })
  })

  it('greets a member without a first name', () => {
    expect(periodNoticeText({ kind: 'pending' }, { ...english, memberName: '' }).text.split('\n')[0]).toBe('Hello there,')
  })
})

describe("a membership's period notices in Turkish", () => {
  const what = 'Monthly Unlimited (fatura #0042, $120,00, son ödeme tarihi 01 Ara 2026)'
  it('sends the invoice to pay', () => {
    const email = periodNoticeText({ kind: 'pending' }, turkish, 'tr')
    expect(email.subject).toBe('Clay Studio faturası #0042')
    expect(email.text).toBe(['Merhaba Ayşe,', '', `Üyeliğinizin bir sonraki döneminin ödeme zamanı geldi: ${what}.`, '', `Hemen ödemek için şu bağlantıyı açın: ${turkish.payUrl}`].join('\n'))
  })

  it('reminds, with the day to pay by', () => {
    const email = periodNoticeText({ kind: 'reminder', retryAt }, { ...turkish, isGift: true }, 'tr')
    expect(email.subject).toBe('Hatırlatma: Clay Studio faturası #0042 henüz ödenmedi')
    expect(email.text).toContain(`Bağışınızın ödemesi hâlâ bekleniyor: ${what}.`)
    expect(email.text).toContain('Bağışınızın sürmesi için lütfen 04 Ara 2026 tarihinden önce ödeyin.')
  })

  it('says the card was refused and when it is tried again', () => {
    const email = periodNoticeText({ kind: 'failed', reason: 'Kartınız reddedildi.', retryAt }, turkish, 'tr')
    expect(email.subject).toBe('Clay Studio için yaptığınız ödeme gerçekleşmedi')
    expect(email.text).toContain(`${what} için ödemeyi alamadık: Kartınız reddedildi.`)
    expect(email.text).toContain('Kartınızdan 04 Ara 2026 tarihinde yeniden tahsil etmeyi deneyeceğiz.')
    expect(email.text).toContain('(başka bir kart kullanabilirsiniz).')
  })

  it('says the membership is suspended', () => {
    const email = periodNoticeText({ kind: 'suspended', reason: null }, turkish, 'tr')
    expect(email.subject).toBe('Clay Studio üyeliğiniz askıya alındı')
    expect(email.text).toContain('Üyeliğiniz, ödeme yapılana kadar askıya alındı.')
    expect(email.text).not.toMatch(/Hello|payment|membership/)
  })
})

describe("the Sales staff's billing notices", () => {
  const facts = { studio: 'Clay Studio', memberName: 'Ada', membership: 'Monthly Unlimited', numberText: '#0042', totalText: '$120.00', reason: 'Your card was declined.' }

  it('keeps the English words as they were', () => {
    expect(salesNoticeText('paid', { ...facts, reason: null })).toEqual({
      subject: 'Membership payment: Ada, $120.00',
      text: 'Ada paid $120.00 for Monthly Unlimited (invoice #0042) at Clay Studio.',
    })
    expect(salesNoticeText('suspended', facts)).toEqual({
      subject: 'Membership suspended: Ada, Monthly Unlimited',
      text: "Ada's membership Monthly Unlimited at Clay Studio is suspended: invoice #0042 ($120.00) could not be charged after every retry (Your card was declined.).\nIt is restored as soon as the invoice is paid.",
    })
    expect(salesNoticeText('suspended', { ...facts, reason: null }).text.split('\n')[0]).toMatch(/after every retry\.$/)
  })

  it('writes them in Turkish for staff who read Turkish', () => {
    expect(salesNoticeText('paid', { ...facts, totalText: '$120,00', reason: null }, 'tr')).toEqual({
      subject: 'Üyelik ödemesi: Ada, $120,00',
      text: 'Ada, Clay Studio bünyesindeki Monthly Unlimited için $120,00 ödedi (fatura #0042).',
    })
    const suspended = salesNoticeText('suspended', { ...facts, reason: 'Kartınız reddedildi.' }, 'tr')
    expect(suspended.subject).toBe('Üyelik askıya alındı: Ada, Monthly Unlimited')
    expect(suspended.text).toContain('tüm denemelere rağmen tahsil edilemedi (Kartınız reddedildi.).')
    expect(suspended.text).toContain('Fatura ödendiği anda üyelik yeniden etkinleşir.')
  })
})
