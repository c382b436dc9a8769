import { request as httpRequest } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { sql } from 'kysely'
import { asSystem } from '#db/tenant-scope'
import { createSessionCookie } from '#tests/support/sessions'
import { endSession } from '#server/auth/sign-out'
import { encodeChange } from '#server/cache/cache-invalidation'
import { updateUser } from '#server/users/update-user'
import { startDemoHttpApp, type DemoHttpApp } from './demo-http-app'
import { request } from './http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/**
 * The contact autocomplete through the whole web server: /contacts/autocomplete and the spec's
 * own form of the call, /contacts?autoComplete=true&q= (answered ahead of Remix when the session
 * may see contacts, by the Remix routes otherwise), with the same guard and the same JSON.
 */
describe(`GET /contacts?autoComplete=true&q= over HTTP (${engine})`, () => {
  let app: DemoHttpApp
  let studentCookie: string
  let frontDeskCookie: string
  let joseGuid: string

  beforeAll(async () => {
    app = await startDemoHttpApp({
      // The Roles screen gives Contacts to front desk and not to staff.
      prepare: async (platform, demo) => {
        const granted = { staff: true, frontDesk: true }
        const roles = { classes: granted, courses: granted, offers: granted, contacts: { staff: false, frontDesk: true } }
        await asSystem(platform.database, 'test: roles', (trx) =>
          sql`update tenants set settings = jsonb_set(settings::jsonb, '{roles}', ${JSON.stringify(roles)}::jsonb) where id = ${demo.id}`.execute(trx),
        )
        platform.caches.changed(demo.id, ['tenant'])
      },
    })
    const [student, frontDesk, staff] = await asSystem(app.platform.database, 'test fixture', async (trx) => {
      joseGuid = (
        await trx
          .insertInto('contacts')
          .values({ tenant_id: app.demo.id, first_name: 'José', last_name: 'Autocompleta', email: 'jose@autocomplete.test' })
          .returning('guid')
          .executeTakeFirstOrThrow()
      ).guid
      return trx
        .insertInto('contacts')
        .values([
          { tenant_id: app.demo.id, first_name: 'Stu', last_name: 'Auto', email: 'stu@autocomplete.test', role: 'ROLE_STUDENT' },
          { tenant_id: app.demo.id, first_name: 'Fran', last_name: 'Desk', email: 'fran@autocomplete.test', role: 'ROLE_FRONTDESK' },
          { tenant_id: app.demo.id, first_name: 'Sam', last_name: 'Staff', email: 'sam@autocomplete.test', role: 'ROLE_STAFF' },
        ])
        .returning('id')
        .execute()
    })
    studentCookie = await createSessionCookie(app.platform, app.demo, student as { id: string })
    frontDeskCookie = await createSessionCookie(app.platform, app.demo, frontDesk as { id: string })
    staffCookie = await createSessionCookie(app.platform, app.demo, staff as { id: string })
  })
  afterAll(() => app.close())
  let staffCookie: string

  const get = (path: string, cookie?: string) => request(app.port, path, { host: app.host, headers: cookie ? { cookie } : {} })

  it('answers items of id (the guid), label and email, the same on both addresses', async () => {
    const spec = await get('/contacts?autoComplete=true&q=jos%C3%A9%20autocompleta', app.adminCookie)
    expect(spec.status).toBe(200)
    expect(spec.header('content-type')).toMatch(/^application\/json/)
    expect(spec.header('cache-control')).toBe('private, no-store')
    expect(spec.json()).toEqual({ items: [{ id: joseGuid, label: 'José Autocompleta', email: 'jose@autocomplete.test' }] })
    const route = await get('/contacts/autocomplete?q=jos%C3%A9%20autocompleta', frontDeskCookie)
    expect(route.status).toBe(200)
    expect(route.json()).toEqual(spec.json())
    // No text, a text of other shapes: nothing found, never an error.
    expect((await get('/contacts?autoComplete=true&q=', app.adminCookie)).json()).toEqual({ items: [] })
    expect((await get('/contacts?autoComplete=true', app.adminCookie)).json()).toEqual({ items: [] })
    expect((await get('/contacts?autoComplete=true&q[a]=x&q=%00', app.adminCookie)).json()).toEqual({ items: [] })
  })

  it('keeps the guard of the contacts list: a visitor signs in, roles without the permission get 403', async () => {
    // A visitor is sent where the contacts list sends one (the Remix route's redirect), no JSON.
    const visitor = await get('/contacts?autoComplete=true&q=jose')
    expect(visitor.status).toBe(302)
    expect(visitor.header('location')).toBe((await get('/contacts')).header('location'))
    expect((await get('/contacts/autocomplete?q=jose')).status).toBe(302)
    for (const cookie of [studentCookie, staffCookie]) {
      // Answered as the contacts list answers them (staff: 403; a student: sent to their own area).
      const refused = await get('/contacts?autoComplete=true&q=jose', cookie)
      const page = await get('/contacts', cookie)
      expect([refused.status, refused.header('location')]).toEqual([page.status, page.header('location')])
      expect(refused.status).not.toBe(200)
      expect(refused.body).not.toContain('jose@autocomplete.test')
      expect((await get('/contacts/autocomplete?q=jose', cookie)).status).toBe(403)
    }
    expect((await get('/contacts?autoComplete=true&q=jose', staffCookie)).status).toBe(403)
    // A cookie that names no live session: signed out, as on every page.
    expect((await get('/contacts?autoComplete=true&q=jose', '__session=not-a-live-session-token-0000000000000000')).status).toBe(302)
  })

  it('answers a kept session until it ends: sign-out, a suspension or another process\'s sign-out ends it at once', async () => {
    const ask = (cookie: string) => get('/contacts?autoComplete=true&q=jose', cookie)
    const deskCookie = async (email: string) => {
      const desk = await asSystem(app.platform.database, 'test fixture', (trx) =>
        trx.insertInto('contacts').values({ tenant_id: app.demo.id, first_name: 'Kept', last_name: 'Desk', email, role: 'ROLE_FRONTDESK' }).returning('id').executeTakeFirstOrThrow(),
      )
      return { id: desk.id, cookie: await createSessionCookie(app.platform, app.demo, desk) }
    }
    const tokenOf = (cookie: string) => cookie.replace(/^__session=/, '').split(';')[0] ?? ''

    // Signed out in this process (the Logout action's own call): the next ask is signed out.
    const first = await deskCookie('kept1@autocomplete.test')
    for (let i = 0; i < 3; i++) expect((await ask(first.cookie)).status).toBe(200)
    await endSession(app.platform, { tenantId: app.demo.id, token: tokenOf(first.cookie), ip: null })
    expect((await ask(first.cookie)).status).toBe(302)

    // Suspended on the Users screen: its sessions end with it.
    const second = await deskCookie('kept2@autocomplete.test')
    expect((await ask(second.cookie)).status).toBe(200)
    const [target, admin] = await asSystem(app.platform.database, 'test', (trx) =>
      Promise.all([
        trx.selectFrom('contacts').select('guid').where('id', '=', second.id).executeTakeFirstOrThrow(),
        trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('role', '=', 'ROLE_ADMIN').executeTakeFirstOrThrow(),
      ]),
    )
    const suspended = await updateUser({
      platform: app.platform,
      tenant: app.demo,
      unverifiedGuid: target.guid,
      input: { role: 'ROLE_FRONTDESK', isAccountLocked: true, isTeacher: false, notifySales: false, notifyContact: false, notifyProduct: false },
      actorContactId: admin.id,
      ip: null,
    })
    expect(suspended.ok).toBe(true)
    expect((await ask(second.cookie)).status).toBe(302)

    // Signed out by another web process: its broadcast reaches this one and the kept lookup goes.
    const third = await deskCookie('kept3@autocomplete.test')
    expect((await ask(third.cookie)).status).toBe(200)
    await asSystem(app.platform.database, 'test: the other process deletes the session', (trx) => trx.deleteFrom('sessions').where('contact_id', '=', third.id).execute())
    app.platform.caches.applyRemote(encodeChange(app.demo.id, new Set(['sessions'])))
    expect((await ask(third.cookie)).status).toBe(302)
  })

  it('answers before express once the host is known, with the headers every answer has, gzipped when asked and 1 KB or more', async () => {
    await get('/contacts/autocomplete?q=a', app.adminCookie)
    const plain = await get('/contacts/autocomplete?q=a', app.adminCookie)
    expect(plain.status).toBe(200)
    expect(plain.header('x-request-id')).toMatch(/.+/)
    expect(plain.header('content-security-policy')).toContain("default-src 'self'")
    expect(plain.header('x-content-type-options')).toBe('nosniff')
    // Express's answer carries an ETag (a hash of the body); the answer made before express needs none under no-store.
    expect(plain.header('etag')).toBeUndefined()
    const items = (plain.json() as { items: unknown[] }).items
    expect(items).toHaveLength(20)
    const zipped = await new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: app.port, path: '/contacts/autocomplete?q=a', headers: { host: app.host, cookie: app.adminCookie, 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end()
    })
    expect(zipped.encoding).toBe('gzip')
    expect(zipped.vary).toBe('Accept-Encoding')
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual({ items })
    // A short answer leaves as it is.
    const short = await get('/contacts/autocomplete?q=jos%C3%A9%20autocompleta', app.adminCookie)
    expect(short.header('content-encoding')).toBeUndefined()
    expect(short.json()).toEqual({ items: [{ id: joseGuid, label: 'José Autocompleta', email: 'jose@autocomplete.test' }] })
  })

  it('leaves the contacts list itself to its page, with or without other parameters', async () => {
    const page = await get('/contacts?autoComplete=false&q=jose', app.adminCookie)
    expect(page.status).toBe(200)
    expect(page.header('content-type')).toMatch(/^text\/html/)
  })
})
