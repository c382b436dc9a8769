import { asSystem } from '#db/tenant-scope'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

/**
 * The sign-in pages over HTTP in Turkish for a visitor who chose it (the switcher's cookie),
 * with the server's refusals and the reset email in Turkish too; English as it always read.
 */
describe('the sign-in pages in Turkish', () => {
  let app: DemoHttpApp

  beforeAll(async () => {
    // The first test file after a change builds the app.
    app = await startDemoHttpApp()
  }, 300_000)
  afterAll(async () => {
    await app?.close()
  })

  const get = (path: string, headers: Record<string, string> = {}) => request(app.port, path, { host: app.host, headers })
  const post = (path: string, values: Record<string, string>, headers: Record<string, string> = {}) =>
    request(app.port, path, {
      host: app.host,
      method: 'POST',
      body: new URLSearchParams(values).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, ...headers },
    })
  const turkish = { cookie: 'lng=tr' }

  it('draws login in Turkish, with the language switcher and none of its English words', async () => {
    const page = await get('/login', turkish)
    expect(page.status).toBe(200)
    for (const words of ['<html lang="tr"', '<title>Giriş yap', '>Giriş yap</h1>', '>E-posta<', '>Şifre<', 'Beni hatırla', 'Şifremi unuttum', 'Yeni misiniz?', '>Kayıt ol<', 'Sayfaların dilini seçin', '>Türkçe<', '>English<']) {
      expect(page.body).toContain(words)
    }
    for (const english of ['>Login<', '>Email<', '>Password<', 'Remember me', 'Forgot password?', 'New here?', '>Register<', 'Sign in with Google', 'Google sign-in is not configured']) {
      expect(page.body).not.toContain(english)
    }
  })

  it('draws register in Turkish', async () => {
    const page = await get('/register', turkish)
    expect(page.status).toBe(200)
    for (const words of ['<html lang="tr"', '>Kayıt ol</h1>', '>Ad<', '>Soyad<', '>E-posta<', '>Şifre<', 'En az 8 karakter.', 'Zaten kayıtlı mısınız?', '>Giriş yap<']) expect(page.body).toContain(words)
    for (const english of ['>Register<', '>First name<', '>Last name<', '>Email<', '>Password<', 'At least 8 characters.', 'Already registered?', '>Login<']) {
      expect(page.body).not.toContain(english)
    }
  })

  it('draws forgot-password in Turkish', async () => {
    const page = await get('/forgot-password', turkish)
    expect(page.status).toBe(200)
    for (const words of ['<html lang="tr"', '>Şifremi unuttum</h1>', 'Hesabınızın e-posta adresini girin', '>E-posta<', 'Sıfırlama bağlantısı gönder', 'Girişe dön']) expect(page.body).toContain(words)
    for (const english of ['>Forgot password<', 'Enter the email of your account', '>Email<', 'Send reset link', 'Back to login']) expect(page.body).not.toContain(english)
  })

  it('refuses a wrong password in Turkish, without JavaScript', async () => {
    const refused = await post('/login', { intent: 'login', email: 'admin@demo.test', password: 'not the password' }, turkish)
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('<html lang="tr"')
    expect(refused.body).toContain('Bu e-posta adresi ve şifreyle oturumunuzu açamadık. Bilgilerinizi kontrol edip tekrar deneyin.')
    expect(refused.body).not.toContain('We could not sign you in')
  })

  it('says what is wrong with the form in Turkish', async () => {
    const refused = await post('/login', { intent: 'login', email: 'not an address', password: '' }, turkish)
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('Geçerli bir e-posta adresi girin.')
    expect(refused.body).toContain('Şifre zorunludur!')
    // The browser's own checks get the same words from the loader.
    const page = await get('/register', turkish)
    expect(page.body).toContain('Geçerli bir e-posta adresi girin.')
  })

  it('mails the reset link in the language of the page it was asked on', async () => {
    const asked = await post('/forgot-password', { email: 'admin@demo.test' }, turkish)
    expect(asked.status).toBe(200)
    expect(asked.body).toContain('Bu e-posta adresine ait bir hesap varsa, şifrenizi sıfırlamanız için bir bağlantı gönderdik.')
    await app.platform.jobs.drain()
    const mails = await asSystem(app.platform.database, 'test check', (trx) =>
      trx.selectFrom('outbound_emails').select(['subject', 'text_body']).where('to_address', '=', 'admin@demo.test').where('subject', 'like', '%şifrenizi sıfırlayın').execute(),
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe(`${app.demo.name} şifrenizi sıfırlayın`)
    expect(mails[0]?.text_body).toContain('Yeni bir şifre belirlemek için bu bağlantıyı bir saat içinde açın:')
    expect(mails[0]?.text_body).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}/)
  })

  it('leaves English as it was', async () => {
    const page = await get('/login?english', { 'accept-language': 'en-GB,en;q=0.9' })
    expect(page.body).toContain('<html lang="en"')
    for (const words of ['>Login</h1>', '>Email<', '>Password<', 'Remember me', 'Forgot password?', 'New here?']) expect(page.body).toContain(words)
    expect(page.body).not.toContain('Giriş yap')
    const refused = await post('/login', { intent: 'login', email: 'admin@demo.test', password: 'still not it' }, { 'accept-language': 'en' })
    expect(refused.body).toContain('We could not sign you in with that email and password. Check them and try again.')
  })
})
