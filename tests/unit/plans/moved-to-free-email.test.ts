import { describe, expect, it } from 'vitest'
import { movedToFreeEmail, RENEWAL_MESSAGES } from '#server/plans/plan-renewal'

describe("the admins' email that the plan moved to Free", () => {
  it('keeps the English words as they were', () => {
    expect(movedToFreeEmail({ planName: 'Growth', studio: 'Clay Studio', reason: RENEWAL_MESSAGES.refused })).toEqual({
      subject: 'Your Growth plan moved to Free',
      text: [
        'The Growth plan of Clay Studio could not be renewed: the kept card was refused on every try (Your card was declined.).',
        'The studio is on the Free plan now, and the Free plan limits apply.',
        'Choose a plan again under Settings > Plan to pay with another card.',
      ].join('\n'),
    })
    expect(movedToFreeEmail({ planName: 'Growth', studio: 'Clay Studio', reason: null }).text.split('\n')[0]).toMatch(/on every try\.$/)
  })

  it('writes it in Turkish, with a known refusal in Turkish too', () => {
    const email = movedToFreeEmail({ planName: 'Growth', studio: 'Clay Studio', reason: RENEWAL_MESSAGES.refused }, 'tr')
    expect(email.subject).toBe('Growth planınız Ücretsiz plana geçti')
    expect(email.text).toBe(
      [
        'Clay Studio için Growth planı yenilenemedi: kayıtlı kart her denemede reddedildi (Kartınız reddedildi.).',
        'Stüdyo artık Ücretsiz planda ve Ücretsiz planın sınırları geçerli.',
        'Başka bir kartla ödemek için Ayarlar > Plan bölümünden yeniden bir plan seçin.',
      ].join('\n'),
    )
  })
})
