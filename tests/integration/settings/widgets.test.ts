import { asSystem } from '#db/tenant-scope'
import { API_KEYS, regenerateApiKey } from '#server/settings/tenant-api-keys'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request, type PlainResponse } from '#tests/integration/http/http-client'
import { form, textOf, toastOf } from '#tests/integration/http/answers'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** The demo seed's upcoming events (db/seed-catalog-data.ts). */
const DEMO_EVENTS = ['Spring Equinox Workshop', 'Sound Bath and Restorative Evening', 'Outdoor Yoga in the Park']

function frameAncestors(response: PlainResponse): string | undefined {
  return /frame-ancestors ([^;]+)/.exec(response.header('content-security-policy') ?? '')?.[1]?.trim()
}

describe(`widgets at Settings > Widgets and on other websites (${engine})`, () => {
  let app: DemoHttpApp
  let staffCookie = ''
  let other: Tenant
  let otherHost = ''
  let otherAdminCookie = ''
  let pluginKey = ''
  let guid = ''

  const get = (path: string, cookie = app.adminCookie, host = app.host) => request(app.port, path, { host, headers: cookie ? { cookie } : {} })
  const post = (path: string, fields: Record<string, string>, cookie = app.adminCookie, host = app.host) =>
    request(app.port, path, { host, method: 'POST', body: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, cookie } })
  const widgets = (tenantId = app.demo.id) =>
    asSystem(app.platform.database, 'test: the widgets', (trx) => trx.selectFrom('widgets').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').execute())
  const widget = (id: string) => asSystem(app.platform.database, 'test: a widget', (trx) => trx.selectFrom('widgets').selectAll().where('guid', '=', id).executeTakeFirst())
  const save = (fields: Record<string, string>) => ({ intent: 'save', title: '', body: '', url: '', count: '5', width: '', height: '', ...fields })
  /** Adds a widget through the form and answers its guid. */
  const addWidget = async (fields: Record<string, string>) => {
    const added = await post('/settings/widgets/new', save(fields))
    expect(added.status).toBe(302)
    expect(toastOf(added)).toBe('Widget created successfully')
    const id = /^\/settings\/widgets\/([0-9a-f-]{36})$/.exec(added.headers.location ?? '')?.[1]
    expect(id).toBeDefined()
    return id ?? ''
  }
  const publish = async (id: string) => {
    const published = await post(`/settings/widgets/${id}`, { intent: 'publish' })
    expect(published.status).toBe(302)
    expect(published.headers.location).toBe(`/settings/widgets/${id}`)
    expect(toastOf(published)).toBe('Widget published')
  }
  /** An embed answer, as another website's visitor asks for it (no cookies). */
  const embed = (file: string, key = pluginKey, host = app.host) => get(`/plugin/widgets/${file}?key=${encodeURIComponent(key)}`, '', host)
  const addEvent = (name: string, slug: string, startsInHours: number, hours = 2) =>
    asSystem(app.platform.database, 'test: an event', async (trx) => {
      const item = await trx
        .insertInto('catalog_items')
        .values({ tenant_id: app.demo.id, kind: 'event', name, slug, is_published: true, payment_type: 'FREE' })
        .returning('id')
        .executeTakeFirstOrThrow()
      const startsAt = new Date(Date.now() + startsInHours * 3_600_000)
      await trx
        .insertInto('event_details')
        .values({ tenant_id: app.demo.id, item_id: item.id, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + hours * 3_600_000), time_zone: 'America/Chicago', venue_name: 'Widget Hall' })
        .execute()
      app.platform.caches.changed(app.demo.id, ['catalog'])
    })

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const staff = await asSystem(app.platform.database, 'test: the demo staff', (trx) =>
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'staff@demo.test').executeTakeFirstOrThrow(),
    )
    staffCookie = await createSessionCookie(app.platform, app.demo, staff)
    other = await createTenant(app.platform, { name: 'Other studio' })
    otherHost = `${other.orgId}.localhost:${app.port}`
    const otherAdmin = await createContact(app.platform, other, { role: 'ROLE_ADMIN', firstName: 'Olive', lastName: 'Owner' })
    otherAdminCookie = await createSessionCookie(app.platform, other, otherAdmin)
  }, 180_000)

  afterAll(async () => {
    await app?.close()
  })

  it('lists no widgets at first, with the words that say what they are for, and the settings home leads there', async () => {
    const home = await get('/settings')
    expect(home.body).toMatch(/<a[^>]+href="\/settings\/widgets"/)
    const list = await get('/settings/widgets')
    expect(list.status).toBe(200)
    const text = textOf(list.body)
    expect(text).toContain('Widgets (0)')
    expect(text).toContain('Widgets are to be embedded in your website')
    expect(text).toContain('No widgets yet')
    expect(list.body).toMatch(/<a(?=[^>]*href="\/settings")(?=[^>]*aria-label="Back")/)
    const top = await get('/widgets')
    expect([top.status, top.headers.location]).toEqual([302, '/settings/widgets'])
  })

  it('refuses a widget without a name, a Link without a URL or with a script for one, or an unknown type, and writes nothing', async () => {
    expect((await get('/settings/widgets/new')).status).toBe(200)
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: '  ', type: 'event_list' }, 'Name is required!'],
      [{ name: 'Join us', type: 'link', url: '' }, 'Url is required!'],
      [{ name: 'Join us', type: 'link', url: 'javascript:alert(1)' }, 'Enter a full web address that starts with https:// or http://.'],
      [{ name: 'News', type: 'announcement', body: '<p><br></p>' }, 'Announcement text is required!'],
      [{ name: 'Odd', type: 'carousel' }, 'Choose a widget type.'],
      [{ name: 'Too many', type: 'event_list', count: '500' }, 'Show between 1 and 20 events.'],
      [{ name: 'Wide', type: 'event_list', width: 'huge' }, 'Width must be a whole number of pixels from 100 to 4000, or empty.'],
    ]
    for (const [fields, message] of cases) {
      const refused = await post('/settings/widgets/new', save(fields))
      expect(refused.status, message).toBe(400)
      expect(textOf(refused.body)).toContain(message)
      // What was typed stays.
      if (fields.name?.trim()) expect(refused.body).toContain(`value="${fields.name}"`)
    }
    expect(await widgets()).toEqual([])
  })

  it('adds an unpublished Event List, lists it and finds it by any part of its name in any case', async () => {
    guid = await addWidget({ name: 'Upcoming events', type: 'event_list', title: 'What is on', count: '2' })
    expect(await widget(guid)).toMatchObject({
      name: 'Upcoming events',
      type: 'event_list',
      title: 'What is on',
      event_count: 2,
      is_published: false,
      published_at: null,
      link_url: null,
      body_html: '',
    })
    await addWidget({ name: 'Join the newsletter', type: 'link', url: 'https://example.com/join', title: 'Join us' })

    const list = await get('/settings/widgets')
    const text = textOf(list.body)
    expect(text).toContain('Widgets (2)')
    expect(list.body).toMatch(new RegExp(`<a[^>]+href="/settings/widgets/${guid}"[^>]*>Upcoming events</a>`))
    expect(text).toContain('Event List')
    expect(text).toContain('Link')
    expect(text).toContain('Not published')

    const found = await get('/settings/widgets?q=COMING')
    expect(textOf(found.body)).toContain('Upcoming events')
    expect(textOf(found.body)).not.toContain('Join the newsletter')
    // The count in the title stays the studio's; the pages count the matches.
    expect(textOf(found.body)).toContain('Widgets (2)')
    expect(textOf(found.body)).toMatch(/1-1 of 1/)
    const none = await get('/settings/widgets?q=%25')
    expect(textOf(none.body)).toContain('No matching records found')
    const sized = await get('/settings/widgets?size=100&q=join')
    expect(sized.body).toMatch(/<option value="100" selected="">100<\/option>|<select[^>]+name="size"/)
    expect(textOf(sized.body)).toContain('Join the newsletter')
  })

  it('edits a widget with the type fixed, refusing an empty name without writing, and says so with the spec toast', async () => {
    const page = await get(`/settings/widgets/${guid}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Widget &gt; Edit widget')
    expect(page.body).toMatch(/<select[^>]*name="type"[^>]*disabled=""|<select[^>]*disabled=""[^>]*name="type"/)
    // No plugin key yet: the code is not offered, the way to make one is.
    expect(textOf(page.body)).toContain('Generate one on SEO settings')
    expect(page.body).toContain('href="/settings/seosetting"')

    const before = await widget(guid)
    const refused = await post(`/settings/widgets/${guid}`, save({ name: '', type: 'link', count: '3' }))
    expect(refused.status).toBe(400)
    expect(textOf(refused.body)).toContain('Name is required!')
    expect(await widget(guid)).toEqual(before)

    const saved = await post(`/settings/widgets/${guid}`, save({ name: 'Upcoming events', type: 'link', title: 'What is on', count: '3', width: '640', height: '' }))
    expect(saved.status).toBe(302)
    expect(saved.headers.location).toBe('/settings/widgets')
    expect(toastOf(saved)).toBe('Widget updated successfully')
    expect(await widget(guid)).toMatchObject({ type: 'event_list', event_count: 3, width: 640, height: null })
  })

  it('is for admins only, and another studio gets a 404 for every address and post of this one', async () => {
    expect((await get('/settings/widgets', staffCookie)).status).toBe(403)
    expect((await get(`/settings/widgets/${guid}`, staffCookie)).status).toBe(403)
    expect((await post(`/settings/widgets/${guid}`, { intent: 'delete' }, staffCookie)).status).toBe(403)
    const before = await widget(guid)
    expect((await get(`/settings/widgets/${guid}`, otherAdminCookie, otherHost)).status).toBe(404)
    for (const fields of [save({ name: 'Taken over', type: 'event_list' }), { intent: 'publish' }, { intent: 'unpublish' }, { intent: 'delete' }]) {
      expect((await post(`/settings/widgets/${guid}`, fields, otherAdminCookie, otherHost)).status, fields.intent).toBe(404)
    }
    expect(await widget(guid)).toEqual(before)
    expect((await get('/settings/widgets/not-a-guid')).status).toBe(404)
    expect(textOf((await get('/settings/widgets', otherAdminCookie, otherHost)).body)).toContain('Widgets (0)')
  })

  it('publishes the widget; with the plugin key, another site gets its page, script and data with the upcoming events, live', async () => {
    // Before the studio has a key nothing answers.
    expect((await embed(guid, 'anything')).status).toBe(404)
    await publish(guid)
    const published = await widget(guid)
    expect(published?.is_published).toBe(true)
    expect(published?.published_at).toBeInstanceOf(Date)
    expect(textOf((await get('/settings/widgets')).body)).not.toContain('Not published Event List')

    pluginKey = await regenerateApiKey(app.platform, app.demo, API_KEYS.plugin)
    const edit = await get(`/settings/widgets/${guid}`)
    const origin = `http://demo.localhost:${app.port}`
    expect(edit.body).toContain(`&lt;script src=&quot;${origin}/plugin/widgets/${guid}.js?key=${pluginKey}&quot; async&gt;&lt;/script&gt;`)
    expect(edit.body).toContain(`&lt;iframe src=&quot;${origin}/plugin/widgets/${guid}?key=${pluginKey}&quot; title=&quot;What is on&quot; width=&quot;640&quot;`)
    expect(edit.body).toContain(`src="/plugin/widgets/${guid}?key=${pluginKey}"`)

    const page = await embed(guid)
    expect(page.status).toBe(200)
    expect(page.header('content-type')).toBe('text/html; charset=utf-8')
    expect(frameAncestors(page)).toBe('*')
    expect(page.header('x-frame-options')).toBeUndefined()
    expect(page.header('access-control-allow-origin')).toBe('*')
    expect(page.header('cache-control')).toBe('public, max-age=30')
    expect(page.body.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true)
    const text = textOf(page.body)
    expect(text).toContain('What is on')
    // The three coming, as many as it was told to show, soonest first.
    expect(text.indexOf(DEMO_EVENTS[0])).toBeGreaterThan(-1)
    expect(text.indexOf(DEMO_EVENTS[0])).toBeLessThan(text.indexOf(DEMO_EVENTS[1]))
    expect(text.indexOf(DEMO_EVENTS[1])).toBeLessThan(text.indexOf(DEMO_EVENTS[2]))
    expect(page.body).toContain(`href="${origin}/events/details/spring-equinox-workshop" target="_top"`)
    expect(page.body).toContain(`href="${origin}/events" target="_top"`)

    // Live: an event added now is on the next answer, and the last of the three leaves it.
    await addEvent('Widget Launch Evening', 'widget-launch-evening', 3)
    const live = textOf((await embed(guid)).body)
    expect(live).toContain('Widget Launch Evening')
    expect(live).not.toContain(DEMO_EVENTS[2])

    const script = await embed(`${guid}.js`)
    expect(script.status).toBe(200)
    expect(script.header('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.header('access-control-allow-origin')).toBe('*')
    expect(script.body).toContain(`"src":"${origin}/plugin/widgets/${guid}?key=${pluginKey}"`)
    expect(script.body).toContain('"width":640')

    const data = await embed(`${guid}.json`)
    expect(data.status).toBe(200)
    expect(data.header('access-control-allow-origin')).toBe('*')
    const json = data.json() as { type: string; events: Array<{ name: string; url: string }> }
    expect(json.type).toBe('event_list')
    expect(json.events.map((event) => event.name)).toEqual(['Widget Launch Evening', DEMO_EVENTS[0], DEMO_EVENTS[1]])
  })

  it('writes the frame and its data in the visitor\'s language, telling caches it depends on it', async () => {
    const english = await embed(guid)
    expect(english.header('vary')).toMatch(/Accept-Language, Cookie/)
    expect(textOf(english.body)).toContain('See all events')
    const turkish = await get(`/plugin/widgets/${guid}?key=${encodeURIComponent(pluginKey)}`, 'lng=tr', app.host)
    expect(turkish.status).toBe(200)
    expect(turkish.body.startsWith('<!DOCTYPE html><html lang="tr">')).toBe(true)
    const text = textOf(turkish.body)
    expect(text).toContain('Tüm etkinlikleri görün')
    expect(text).not.toContain('See all events')
    // The studio's event names stay theirs; the prices and dates are the page's.
    expect(text).toContain(DEMO_EVENTS[0])
    expect(text).toMatch(/Ücretsiz|₺|\$\d+,\d{2}/)
    const browser = await request(app.port, `/plugin/widgets/${guid}.json?key=${encodeURIComponent(pluginKey)}`, { host: app.host, headers: { 'accept-language': 'tr-TR,tr;q=0.9' } })
    expect((browser.json() as { allEventsText: string; language: string })).toMatchObject({ allEventsText: 'Tüm etkinlikleri görün', language: 'tr' })
  })

  it('answers 404, kept by nobody, for a wrong key, an unpublished widget and another studio host', async () => {
    for (const answer of [await embed(guid, 'wrong-key'), await embed(`${guid}.js`, ''), await embed(`${guid}.json`, `${pluginKey}x`)]) {
      expect(answer.status).toBe(404)
      expect(answer.header('cache-control')).toBe('no-store')
      expect(answer.body).not.toContain(DEMO_EVENTS[0])
    }
    // The same widget and key on another studio's host, and that studio's own key.
    expect((await embed(guid, pluginKey, otherHost)).status).toBe(404)
    const otherKey = await regenerateApiKey(app.platform, other, API_KEYS.plugin)
    expect((await embed(guid, otherKey, otherHost)).status).toBe(404)
    expect((await embed(`${guid}.js`, otherKey, otherHost)).status).toBe(404)
    expect((await embed('not-a-widget', pluginKey)).status).toBe(404)

    const unpublished = await post(`/settings/widgets/${guid}`, { intent: 'unpublish' })
    expect(toastOf(unpublished)).toBe('Widget unpublished')
    expect(await widget(guid)).toMatchObject({ is_published: false, published_at: null })
    expect((await embed(guid)).status).toBe(404)
    expect((await embed(`${guid}.js`)).status).toBe(404)
    await publish(guid)
    expect((await embed(guid)).status).toBe(200)
  })

  it('keeps every other page framed by its own origin only and without CORS', async () => {
    for (const answer of [await get('/settings/widgets'), await get(`/settings/widgets/${guid}`), await get('/events', ''), await get('/login', '')]) {
      expect(frameAncestors(answer)).toBe("'self'")
      expect(answer.header('x-frame-options')).toBe('SAMEORIGIN')
      expect(answer.header('access-control-allow-origin')).toBeUndefined()
    }
  })

  it('shows an announcement sanitised, a link as a button, and past events latest first', async () => {
    const news = await addWidget({
      name: 'Holiday hours',
      type: 'announcement',
      title: 'Holiday hours',
      body: '<p>Closed on <strong>Monday</strong><img src=x onerror=alert(1)><script>alert(2)</script></p>',
    })
    expect((await widget(news))?.body_html).toBe('<p>Closed on <strong>Monday</strong></p>')
    await publish(news)
    const announcement = await embed(news)
    expect(announcement.body).toContain('<p>Closed on <strong>Monday</strong></p>')
    expect(announcement.body).not.toContain('onerror')
    expect(announcement.body).not.toContain('alert(2)')

    const link = (await widgets()).find((row) => row.type === 'link')
    await publish(String(link?.guid))
    const button = await embed(String(link?.guid))
    expect(button.body).toMatch(/<a class="widget__button" href="https:\/\/example.com\/join" target="_top">Join us<\/a>/)

    await addEvent('Winter Retreat', 'winter-retreat', -24 * 30)
    await addEvent('Autumn Open Day', 'autumn-open-day', -24 * 3)
    const past = await addWidget({ name: 'Past', type: 'past_event_list', title: 'Past events' })
    await publish(past)
    const text = textOf((await embed(past)).body)
    expect(text.indexOf('Autumn Open Day')).toBeGreaterThan(-1)
    expect(text.indexOf('Autumn Open Day')).toBeLessThan(text.indexOf('Winter Retreat'))
    for (const upcoming of DEMO_EVENTS) expect(text).not.toContain(upcoming)

    const sidebar = await addWidget({ name: 'Sidebar', type: 'event_sidebar', count: '1' })
    await publish(sidebar)
    const compact = textOf((await embed(sidebar)).body)
    expect(compact).toContain('Widget Launch Evening')
    expect(compact).not.toContain(DEMO_EVENTS[0])
  })

  it('deletes after a confirmation that is its own page, and the embed is gone', async () => {
    const confirm = await get(`/settings/widgets/${guid}?confirm=delete`)
    expect(textOf(confirm.body)).toContain('Delete Widget')
    expect(confirm.body).toMatch(/<input type="hidden" name="intent" value="delete"\/>/)
    const deleted = await post(`/settings/widgets/${guid}`, { intent: 'delete' })
    expect(deleted.status).toBe(302)
    expect(deleted.headers.location).toBe('/settings/widgets')
    expect(toastOf(deleted)).toBe('Widget deleted successfully')
    expect(await widget(guid)).toBeUndefined()
    expect((await embed(guid)).status).toBe(404)
    expect((await get(`/settings/widgets/${guid}`)).status).toBe(404)
  })
})
