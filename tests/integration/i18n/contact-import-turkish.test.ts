import { asSystem } from '#db/tenant-scope'
import { visibleTextOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

const BOUNDARY = '----contactImportTurkish'

/** One CSV file as a browser posts it from the upload form. */
function csvUpload(name: string, csv: string): string {
  return [`--${BOUNDARY}`, `Content-Disposition: form-data; name="file"; filename="${name}"`, 'Content-Type: text/csv', '', csv, `--${BOUNDARY}--`, ''].join('\r\n')
}

/** What a refused row of the demo file says, as it is saved (the errors CSV keeps these words). */
const REFUSED_ROW = 'Email: Please enter a valid email address. Date of birth must be a date (YYYY-MM-DD or MM/dd/YYYY) in the past. Zip code must be at most 20 characters.'

/** The contact import's refused rows name their fields in the page's language, on the preview and on the result; English as it was. */
describe(`contact import rows in Turkish (${engine})`, () => {
  let app: DemoHttpApp
  let guId = ''

  const get = (path: string, cookie: string) => request(app.port, path, { host: app.host, headers: { cookie } })
  const upload = (name: string, csv: string, cookie: string) =>
    request(app.port, '/contacts/import', {
      host: app.host,
      method: 'POST',
      body: csvUpload(name, csv),
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, origin: `http://${app.host}` },
    })
  const turkish = () => `${app.adminCookie}; lng=tr`
  const english = () => app.adminCookie

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const csv = ['First name,Last name,Email,Date of birth,Zip code', 'Ada,Lovelace,ada-at-example,31/31/1990,123456789012345678901234', 'Grace,Hopper,grace@example.test,1906-12-09,10001'].join('\r\n')
    const uploaded = await upload('students.csv', `${csv}\r\n`, english())
    expect(uploaded.status).toBe(302)
    guId = /\/contacts\/import\/([0-9a-f-]{36})$/.exec(uploaded.headers.location ?? '')?.[1] ?? ''
    expect(guId).not.toBe('')
  }, 300_000)
  afterAll(() => app?.close())

  it('previews a refused row with the fields and the date format in Turkish, and the English preview as it was', async () => {
    const tr = await get(`/contacts/import/${guId}`, turkish())
    expect(tr.status).toBe(200)
    const text = visibleTextOf(tr.body)
    for (const words of [
      'E-posta: Lütfen geçerli bir e-posta adresi girin.',
      'Doğum tarihi geçmişte bir tarih olmalıdır (YYYY-AA-GG ya da AA/GG/YYYY).',
      'Posta kodu en fazla 20 karakter olabilir.',
    ])
      expect(text).toContain(words)
    expect(text).not.toContain('Date of birth geçmişte')
    expect(text).not.toContain('Zip code en fazla')

    const en = visibleTextOf((await get(`/contacts/import/${guId}`, english())).body)
    expect(en).toContain(REFUSED_ROW)
    expect(en).not.toContain('Doğum tarihi')
  })

  it('lists a finished import\'s refused rows in Turkish, and keeps the English in the errors file', async () => {
    await asSystem(app.platform.database, 'test: a finished import with a refused row', async (trx) => {
      const row = await trx
        .updateTable('contact_imports')
        .set({ status: 'done', finished_at: new Date(), total_rows: 2, rows_done: 2, created_count: 1, error_count: 1 })
        .where('guid', '=', guId)
        .returning(['id', 'tenant_id'])
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('contact_import_errors')
        .values({ tenant_id: row.tenant_id, import_id: row.id, row_number: 2, message: REFUSED_ROW, row_values: JSON.stringify(['Ada', 'Lovelace', 'ada-at-example', '31/31/1990', '123456789012345678901234']) })
        .execute()
    })
    const tr = visibleTextOf((await get(`/contacts/import/${guId}`, turkish())).body)
    expect(tr).toContain('E-posta: Lütfen geçerli bir e-posta adresi girin. Doğum tarihi geçmişte bir tarih olmalıdır (YYYY-AA-GG ya da AA/GG/YYYY). Posta kodu en fazla 20 karakter olabilir.')
    expect(tr).not.toContain('Zip code')

    expect(visibleTextOf((await get(`/contacts/import/${guId}`, english())).body)).toContain(REFUSED_ROW)
    const file = await get(`/contacts/import/${guId}/errors.csv`, turkish())
    expect(file.status).toBe(200)
    expect(file.body).toContain(REFUSED_ROW)
  })

  it('refuses a file without rows in Turkish', async () => {
    const refused = await upload('empty.csv', 'First name,Last name,Email\r\n', turkish())
    expect(refused.status).toBe(400)
    expect(visibleTextOf(refused.body)).toContain('Dosya sütunlarını adlandırıyor ama içe aktarılacak satırı yok.')
    expect(refused.body).not.toContain('has no rows to import')
  })
})
