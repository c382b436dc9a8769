import { action as actionsAction } from '#app/routes/_admin+/contacts+/$guId.actions'
import { asSystem } from '#db/tenant-scope'
import { offerStudentAccount } from '#server/checkout/account-on-request'
import { createContact } from '#tests/support/fixtures'
import { callRoute, formPostRequest } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const roles = { roles: { contacts: { staff: false, frontDesk: true } } }

describe(`login emails in the contact's language (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld

  /** A contact of the studio, with a stored language or none. */
  const contactIn = async (email: string, language: string | null, password?: string) => {
    const contact = await createContact(platform, world.tenant, { role: password ? 'ROLE_STUDENT' : null, email, firstName: 'Ayşe', lastName: 'Yılmaz', password })
    await asSystem(platform.database, 'test: a language', (trx) => trx.updateTable('contacts').set({ language }).where('id', '=', contact.id).execute())
    return contact
  }
  const press = (guid: string, intent: string) =>
    callRoute(actionsAction, formPostRequest(`http://${world.host}/contacts/${guid}/actions`, { intent }, world.cookies.frontDesk), world.context(), { guId: guid })
  const lastEmailTo = (address: string) =>
    asSystem(platform.database, 'test: the email', (trx) =>
      trx.selectFrom('outbound_emails').select(['subject', 'text_body']).where('to_address', '=', address).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow(),
    )

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'login-language', roles)
  })
  afterAll(() => platform?.close())

  it('Send credentials, Reset password and Request email verification write to a Turkish contact in Turkish', async () => {
    const newbie = await contactIn('yeni@login-language.test', 'tr')
    expect((await press(newbie.guid, 'send-credentials')).status).toBe(302)
    const credentials = await lastEmailTo('yeni@login-language.test')
    expect(credentials.subject).toBe(`${world.tenant.name} giriş bilgileriniz`)
    expect(credentials.text_body).toContain('Merhaba Ayşe Yılmaz,')
    expect(credentials.text_body).toContain(`${world.tenant.name} üzerinde sizin için bir hesap oluşturuldu.`)
    expect(credentials.text_body).toContain('Giriş e-postası: yeni@login-language.test')
    expect(credentials.text_body).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}/)

    const member = await contactIn('uye@login-language.test', 'tr', 'A long password 1!')
    expect((await press(member.guid, 'reset-password')).status).toBe(302)
    const reset = await lastEmailTo('uye@login-language.test')
    expect(reset.subject).toBe(`${world.tenant.name} şifrenizi sıfırlayın`)
    expect(reset.text_body).toContain('Yeni bir şifre belirlemek için bu bağlantıyı bir saat içinde açın:')

    expect((await press(member.guid, 'request-verification')).status).toBe(302)
    const verify = await lastEmailTo('uye@login-language.test')
    expect(verify.text_body).toContain('Merhaba Ayşe Yılmaz,')
    expect(verify.text_body).not.toMatch(/Hello/)
  })

  it('keeps the English words for a contact without a language of their own in an English studio', async () => {
    const newbie = await contactIn('new@login-language.test', null)
    expect((await press(newbie.guid, 'send-credentials')).status).toBe(302)
    const credentials = await lastEmailTo('new@login-language.test')
    expect(credentials.subject).toBe(`Your ${world.tenant.name} login`)
    expect(credentials.text_body).toContain(`An account has been created for you at ${world.tenant.name}.`)
    expect(credentials.text_body).toContain('If you did not expect this email, you can ignore it.')
  })

  it('sends the account asked for at checkout in the buyer language', async () => {
    const buyer = await contactIn('alici@login-language.test', 'tr')
    const offered = await offerStudentAccount(platform, world.tenant, { contactId: buyer.id, origin: `http://${world.host}`, ip: null, now: new Date() })
    expect(offered).toBe('sent')
    const email = await lastEmailTo('alici@login-language.test')
    expect(email.subject).toBe(`${world.tenant.name} hesabınız`)
    expect(email.text_body).toContain(`Sipariş verirken istediğiniz üzere ${world.tenant.name} üzerinde sizin için bir hesap oluşturuldu`)
    expect(email.text_body).toContain(`Giriş adresi: http://${world.host}/login`)

    const english = await contactIn('buyer@login-language.test', 'en')
    expect(await offerStudentAccount(platform, world.tenant, { contactId: english.id, origin: `http://${world.host}`, ip: null, now: new Date() })).toBe('sent')
    const englishEmail = await lastEmailTo('buyer@login-language.test')
    expect(englishEmail.subject).toBe(`Your ${world.tenant.name} account`)
    expect(englishEmail.text_body).toContain('If you did not ask for an account, you can ignore this email.')
  })
})
