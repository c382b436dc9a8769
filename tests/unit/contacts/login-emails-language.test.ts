import { describe, expect, it } from 'vitest'
import { accountEmailText } from '#server/checkout/account-on-request'
import { credentialsEmailText } from '#server/contacts/actions/send-credentials'
import { staffPasswordResetText } from '#server/contacts/actions/send-password-reset'

const origin = 'https://clay.example.test'
const login = { studio: 'Clay Studio', name: 'Ada Lovelace', email: 'ada@example.test', origin, token: 'tok' }

describe('the emails that give a contact their login, in their language', () => {
  it('keeps the English account email after checkout as it was', () => {
    expect(accountEmailText(login)).toEqual({
      subject: 'Your Clay Studio account',
      text: [
        'Hello Ada Lovelace,',
        '',
        'As you asked when you ordered, an account has been created for you at Clay Studio: your classes, courses and orders are there.',
        '',
        'Sign-in email: ada@example.test',
        `Sign in at: ${origin}/login`,
        '',
        'Choose your password with this link (it works once, for the next three days):',
        `${origin}/reset-password/tok`,
        '',
        'If you did not ask for an account, you can ignore this email.',
      ].join('\n'),
    })
  })

  it('writes the account email after checkout in Turkish', () => {
    const email = accountEmailText({ ...login, name: 'Ayşe Yılmaz' }, 'tr')
    expect(email.subject).toBe('Clay Studio hesabınız')
    expect(email.text).toContain('Merhaba Ayşe Yılmaz,')
    expect(email.text).toContain('Giriş e-postası: ada@example.test')
    expect(email.text).toContain(`Giriş adresi: ${origin}/login`)
    expect(email.text).toContain(`${origin}/reset-password/tok`)
    expect(email.text).toContain('Hesap istemediyseniz bu e-postayı dikkate almayabilirsiniz.')
    expect(email.text).not.toMatch(/Hello|Sign in|Choose your|ignore/)
  })

  it('keeps the English credentials email as it was, for a new login and for a new password', () => {
    const created = credentialsEmailText({ ...login, hadLogin: false })
    expect(created.subject).toBe('Your Clay Studio login')
    expect(created.text.split('\n').slice(0, 3)).toEqual(['Hello Ada Lovelace,', '', 'An account has been created for you at Clay Studio.'])
    expect(created.text.endsWith('\n\nIf you did not expect this email, you can ignore it.')).toBe(true)
    expect(credentialsEmailText({ ...login, hadLogin: true }).text).toContain('Here is a link to set a new password for your Clay Studio account.')
  })

  it('writes the credentials email in Turkish', () => {
    const email = credentialsEmailText({ ...login, hadLogin: true }, 'tr')
    expect(email.subject).toBe('Clay Studio giriş bilgileriniz')
    expect(email.text).toContain('Clay Studio hesabınıza yeni bir şifre belirlemeniz için bağlantı aşağıdadır.')
    expect(email.text).toContain('Şifrenizi bu bağlantıyla belirleyin (yalnızca bir kez ve önümüzdeki üç gün boyunca çalışır):')
    expect(credentialsEmailText({ ...login, hadLogin: false }, 'tr').text).toContain('Clay Studio üzerinde sizin için bir hesap oluşturuldu.')
  })

  it('keeps the English reset link staff send as it was, and writes it in Turkish', () => {
    const link = `${origin}/reset-password/tok`
    expect(staffPasswordResetText({ studio: 'Clay Studio', name: 'Ada Lovelace', link })).toEqual({
      subject: 'Reset your Clay Studio password',
      text: [
        'Hello Ada Lovelace,',
        '',
        'Clay Studio sent you a link to reset the password of your account.',
        '',
        'To choose a new password, open this link within the next hour:',
        link,
        '',
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ].join('\n'),
    })
    const turkish = staffPasswordResetText({ studio: 'Clay Studio', name: 'Ayşe', link }, 'tr')
    expect(turkish.subject).toBe('Clay Studio şifrenizi sıfırlayın')
    expect(turkish.text).toContain('Yeni bir şifre belirlemek için bu bağlantıyı bir saat içinde açın:')
    expect(turkish.text).toContain(link)
  })
})
