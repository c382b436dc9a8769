import { describe, expect, it } from 'vitest'
import { emailVerificationMail } from '#server/auth/email-verification-mail'
import { passwordResetMail } from '#server/auth/password-reset-mail'

const link = 'http://demo.localhost/x/token'

describe('the sign-in emails', () => {
  it('word the password reset in English as always, and in Turkish', () => {
    expect(passwordResetMail('en', { organisation: 'Sun & Moon Yoga', link })).toEqual({
      subject: 'Reset your Sun & Moon Yoga password',
      text: [
        'Someone asked to reset the password of your Sun & Moon Yoga account.',
        '',
        'To choose a new password, open this link within the next hour:',
        link,
        '',
        'If it was not you, ignore this email: your password stays as it is.',
      ].join('\n'),
    })
    const turkish = passwordResetMail('tr', { organisation: 'Sun & Moon Yoga', link })
    expect(turkish.subject).toBe('Sun & Moon Yoga şifrenizi sıfırlayın')
    expect(turkish.text.split('\n')).toEqual([
      'Sun & Moon Yoga hesabınızın şifresinin sıfırlanması istendi.',
      '',
      'Yeni bir şifre belirlemek için bu bağlantıyı bir saat içinde açın:',
      link,
      '',
      'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın: şifreniz olduğu gibi kalır.',
    ])
  })

  it('word the address verification in English as always, and in Turkish', () => {
    const input = { organisation: 'Demo Studio', name: 'Ada Lovelace', email: 'ada@demo.test', link }
    expect(emailVerificationMail('en', input)).toEqual({
      subject: 'Please verify your email for Demo Studio',
      text: [
        'Hello Ada Lovelace,',
        '',
        'Demo Studio asks you to confirm that ada@demo.test is your email address.',
        '',
        'Open this link within the next 48 hours to verify it:',
        link,
        '',
        'If you do not know this studio, you can ignore this email.',
      ].join('\n'),
    })
    const turkish = emailVerificationMail('tr', input)
    expect(turkish.subject).toBe('Demo Studio için e-posta adresinizi doğrulayın')
    expect(turkish.text).toContain('Merhaba Ada Lovelace,')
    expect(turkish.text).toContain('Demo Studio, ada@demo.test adresinin size ait olduğunu onaylamanızı istiyor.')
    expect(turkish.text).toContain('Doğrulamak için bu bağlantıyı 48 saat içinde açın:')
  })
})
