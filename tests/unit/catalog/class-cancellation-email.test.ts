import { describe, expect, it } from 'vitest'
import { classCancellationEmail } from '#server/catalog/classes/class-cancellation-email'

const session = { firstName: 'Ada', className: 'Wheel Throwing', studio: 'Clay Studio', note: '' }

describe('the class cancellation email in the student language', () => {
  it('keeps the English words as they were', () => {
    const email = classCancellationEmail({ ...session, when: '11/02/2026 07:00 PM', note: 'The kiln is being repaired.' })
    expect(email.subject).toBe('Cancelled: Wheel Throwing on 11/02/2026 07:00 PM')
    expect(email.text).toBe(
      [
        'Hello Ada,',
        '',
        'Clay Studio has cancelled Wheel Throwing on 11/02/2026 07:00 PM. Your booking is cancelled, and any class credit you used has been returned.',
        '',
        'The kiln is being repaired.',
        '',
        'Clay Studio',
      ].join('\n'),
    )
    expect(classCancellationEmail({ ...session, firstName: '', when: '11/02/2026 07:00 PM' }).text.split('\n')[0]).toBe('Hello,')
  })

  it('writes Turkish words around the studio note, which stays as written', () => {
    const email = classCancellationEmail({ ...session, firstName: 'Ayşe', when: '02 Kas 2026 19:00', note: 'The kiln is being repaired.' }, 'tr')
    expect(email.subject).toBe('İptal edildi: 02 Kas 2026 19:00 tarihindeki Wheel Throwing')
    expect(email.text).toBe(
      [
        'Merhaba Ayşe,',
        '',
        'Clay Studio, 02 Kas 2026 19:00 tarihindeki Wheel Throwing dersini iptal etti. Rezervasyonunuz iptal edildi; bu ders için kullandığınız ders kredisi varsa iade edildi.',
        '',
        'The kiln is being repaired.',
        '',
        'Clay Studio',
      ].join('\n'),
    )
    expect(classCancellationEmail({ ...session, firstName: '', when: '02 Kas 2026 19:00' }, 'tr').text.split('\n')[0]).toBe('Merhaba,')
  })
})
