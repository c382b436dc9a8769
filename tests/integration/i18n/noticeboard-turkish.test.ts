import { withTenant } from '#db/tenant-scope'
import { cookiePair, form, toastOf, visibleTextOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { turkishAdminRequests } from './turkish-admin-requests'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** The dashboard's notice board, its manage dialog and the feedback list in Turkish for an admin who chose it; English as it was. */
describe(`the staff notice board and feedback list in Turkish (${engine})`, () => {
  let app: DemoHttpApp

  beforeAll(async () => {
    app = await startDemoHttpApp()
  }, 300_000)
  afterAll(() => app?.close())

  const { turkish, get, post } = turkishAdminRequests(() => app)
  const noticeIdOf = (message: string) =>
    withTenant(app.platform.database, app.demo.id, async (trx) => (await trx.selectFrom('notices').select('id').where('message', '=', message).executeTakeFirstOrThrow()).id)

  it('draws the board and the empty manage dialog, as its own page, in Turkish', async () => {
    const page = await get('/dashboard')
    expect(page.status).toBe(200)
    expect(page.body).toContain('<html lang="tr"')
    const board = visibleTextOf(page.body)
    for (const words of ['Duyuru panosu', 'Yönet', 'Duyurular', 'Duyuru yok.', 'Alıntılar', 'Alıntı yok.']) expect(board).toContain(words)
    for (const words of ['Notice board', 'No notices.']) expect(board).not.toContain(words)

    const list = await get('/dashboard?notices=list')
    expect(list.status).toBe(200)
    const text = visibleTextOf(list.body)
    for (const words of ['Ekle', 'Henüz duyuru ya da alıntı yok.']) expect(text).toContain(words)
    expect(list.body).toContain('aria-label="Kapat"')
    expect(text).not.toContain('No notices or quotes yet.')
  })

  it('draws the add form in Turkish and refuses an empty notice in Turkish', async () => {
    const added = visibleTextOf((await get('/dashboard?notices=add')).body)
    for (const words of ['Duyuru ekle', 'Tür', 'Duyuru', 'Alıntı', 'Mesaj', 'Durum', 'Yayında', 'Gizli', 'İptal', 'Gönder']) expect(added).toContain(words)
    for (const words of ['Add notice', 'Published', 'Private', 'Submit', 'Cancel']) expect(added).not.toContain(words)

    const refused = await post('/dashboard?notices=add', form({ intent: 'notice-add', type: 'notice', message: '<p><br></p>', isActive: 'true' }))
    expect(refused.status).toBe(400)
    const text = visibleTextOf(refused.body)
    expect(text).toContain('Mesaj zorunludur!')
    expect(text).toContain('Duyuru ekle')
    expect(text).not.toContain('Message is required!')
    const noType = visibleTextOf((await post('/dashboard?notices=add', form({ intent: 'notice-add', type: 'poster', message: '<p>Merhaba</p>', isActive: 'true' }))).body)
    expect(noType).toContain('Tür zorunludur!')
  })

  it('lists, edits and deletes a notice in Turkish, with Turkish toasts', async () => {
    const saved = await post('/dashboard?notices=add', form({ intent: 'notice-add', type: 'quote', message: '<p>Nefes alın.</p>', isActive: 'false' }))
    expect(saved.status).toBe(302)
    // The toast is kept in English and said in the page's language.
    expect(toastOf(saved)).toBe('Notice added successfully')
    const listed = visibleTextOf((await get(saved.header('location') ?? '', `${turkish()}; ${cookiePair(saved, 'toast')}`)).body)
    for (const words of ['Duyuru başarıyla eklendi', 'Nefes alın.', 'Alıntı · Gizli', 'Düzenle', 'Sil']) expect(listed).toContain(words)
    for (const words of ['Quote · Private', 'Edit', 'Delete']) expect(listed).not.toContain(words)

    const id = await noticeIdOf('<p>Nefes alın.</p>')
    const edit = visibleTextOf((await get(`/dashboard?notices=edit&id=${id}`)).body)
    for (const words of ['Duyuruyu düzenle', 'Gönder']) expect(edit).toContain(words)
    const updated = await post(`/dashboard?notices=edit&id=${id}`, form({ intent: 'notice-edit', id, type: 'quote', message: '<p>Nefes alın.</p>', isActive: 'true' }))
    const shown = visibleTextOf((await get(updated.header('location') ?? '', `${turkish()}; ${cookiePair(updated, 'toast')}`)).body)
    expect(shown).toContain('Duyuru başarıyla güncellendi')
    expect(shown).toContain('Alıntı · Yayında')

    const question = visibleTextOf((await get(`/dashboard?notices=delete&id=${id}`)).body)
    for (const words of ['Sil', 'Silmek istediğinizden emin misiniz?', 'Nefes alın.', 'Evet', 'Hayır']) expect(question).toContain(words)
    expect(question).not.toContain('Are you sure you want to delete?')
    const deleted = await post(`/dashboard?notices=delete&id=${id}`, form({ intent: 'notice-delete', id }))
    expect(toastOf(deleted)).toBe('Notice or Quote deleted successfullly')
    const after = visibleTextOf((await get(deleted.header('location') ?? '', `${turkish()}; ${cookiePair(deleted, 'toast')}`)).body)
    expect(after).toContain('Duyuru ya da alıntı başarıyla silindi')
    expect(after).toContain('Henüz duyuru ya da alıntı yok.')
  })

  it('draws the feedback list in Turkish: empty, then a message with its date and paging', async () => {
    const empty = visibleTextOf((await get('/dashboard?feedback=list')).body)
    for (const words of ['Geri bildirim', 'Henüz geri bildirim yok.', 'Sayfa başına öğe:', '0-0 / 0']) expect(empty).toContain(words)
    expect(empty).not.toContain('No feedback yet.')

    await withTenant(app.platform.database, app.demo.id, async (trx) => {
      const student = await trx.selectFrom('contacts').select('id').where('email', '=', 'student@demo.test').executeTakeFirstOrThrow()
      const sentAt = new Date(Date.UTC(2025, 3, 10, 14, 0))
      await trx.insertInto('feedback_entries').values({ tenant_id: app.demo.id, contact_id: student.id, message: 'Harika bir dersti', created_at: sentAt, updated_at: sentAt }).execute()
    })
    const page = await get('/dashboard?feedback=list')
    expect(page.body).toContain('aria-label="Öğrencilerden gelen geri bildirimler"')
    const text = visibleTextOf(page.body)
    for (const words of ['Harika bir dersti', '10 Nis 2025', '1-1 / 1']) expect(text).toContain(words)
  })

  it('keeps the English dashboard, dialog and refusal as they were', async () => {
    const board = visibleTextOf((await get('/dashboard', app.adminCookie)).body)
    for (const words of ['Notice board', 'Manage', 'Notices', 'No notices.', 'Quotes', 'No quotes.']) expect(board).toContain(words)
    const added = visibleTextOf((await get('/dashboard?notices=add', app.adminCookie)).body)
    for (const words of ['Add notice', 'Type', 'Notice', 'Quote', 'Message', 'Status', 'Published', 'Private', 'Cancel', 'Submit']) expect(added).toContain(words)
    const refused = visibleTextOf((await post('/dashboard?notices=add', form({ intent: 'notice-add', type: 'notice', message: '', isActive: 'true' }), app.adminCookie)).body)
    expect(refused).toContain('Message is required!')
    const list = visibleTextOf((await get('/dashboard?notices=list', app.adminCookie)).body)
    expect(list).toContain('No notices or quotes yet.')
    const feedback = visibleTextOf((await get('/dashboard?feedback=list', app.adminCookie)).body)
    for (const words of ['Feedback', 'Harika bir dersti']) expect(feedback).toContain(words)
  })
})
