import { sql } from 'kysely'
import { asSystem } from '#db/tenant-scope'
import { createSessionCookie } from '#tests/support/sessions'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** The documents of every `<script type="application/ld+json">` of a page. */
function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? '') as Record<string, unknown>)
}

/** The message of the toast cookie a redirect sets. */
function toastOf(setCookie: string | undefined): string {
  const value = /(?:^|, )toast=([^;]+)/.exec(setCookie ?? '')?.[1] ?? ''
  return (JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { message: string }).message
}

describe(`public events, merchandise and donations on the demo site (${engine})`, () => {
  let app: DemoHttpApp
  let studentCookie = ''
  let secondStudentCookie = ''
  let donationGuid = ''
  const get = (path: string, cookie?: string) =>
    request(app.port, path, {
      host: app.host,
      headers: cookie ? { cookie } : {},
    })
  const post = (path: string, body: string, cookie?: string) =>
    request(app.port, path, {
      host: app.host,
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: `http://${app.host}`,
        ...(cookie ? { cookie } : {}),
      },
    })

  async function changeSettings(changes: Record<string, unknown>) {
    await asSystem(app.platform.database, 'test: demo settings', async (trx) => {
      const row = await trx.selectFrom('tenants').select('settings').where('id', '=', app.demo.id).executeTakeFirstOrThrow()
      const settings = {
        ...(row.settings as Record<string, unknown>),
        ...changes,
      }
      await trx
        .updateTable('tenants')
        .set({ settings: JSON.stringify(settings), updated_at: new Date() })
        .where('id', '=', app.demo.id)
        .execute()
    })
    app.platform.caches.changed(app.demo.id, ['tenant'])
  }

  /** Changes catalog rows as staff screens would, telling the caches. */
  async function changeCatalog(fn: Parameters<typeof asSystem>[2]) {
    await asSystem(app.platform.database, 'test: demo catalog', fn)
    app.platform.caches.changed(app.demo.id, ['catalog'])
  }

  const eventId = (slug: string) =>
    asSystem(app.platform.database, 'test: event id', (trx) =>
      trx.selectFrom('catalog_items').select('id').where('tenant_id', '=', app.demo.id).where('kind', '=', 'event').where('slug', '=', slug).executeTakeFirstOrThrow()
    ).then((row) => row.id)

  const registrations = (itemId: string) =>
    asSystem(app.platform.database, 'test: registrations', async (trx) => ({
      rows: await trx.selectFrom('event_registrations').select(['contact_id', 'status']).where('event_id', '=', itemId).where('status', '<>', 'cancelled').execute(),
      count: await trx.selectFrom('event_details').select(['registered_count', 'capacity']).where('item_id', '=', itemId).executeTakeFirstOrThrow(),
    }))

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const students = await asSystem(app.platform.database, 'test: demo students', (trx) =>
      trx
        .selectFrom('contacts')
        .select(['id', 'email'])
        .where('tenant_id', '=', app.demo.id)
        .where('email', 'in', ['student@demo.test', 'ada.okafor@example.test'])
        .orderBy('email', 'desc')
        .execute()
    )
    const [stella, ada] = students
    if (!stella || !ada) throw new Error('demo students missing')
    studentCookie = await createSessionCookie(app.platform, app.demo, stella)
    secondStudentCookie = await createSessionCookie(app.platform, app.demo, ada)
    donationGuid = await asSystem(app.platform.database, 'test: donation guid', (trx) =>
      trx.selectFrom('catalog_items').select('guid').where('tenant_id', '=', app.demo.id).where('kind', '=', 'donation').executeTakeFirstOrThrow()
    ).then((row) => row.guid)
    // Seeding the demo and starting the built app takes a while on a busy machine.
  }, 240_000)
  afterAll(async () => {
    await app?.close()
  })

  it('lists the upcoming events as cards with dates, places and prices in the tenant currency, kept briefly for visitors', async () => {
    const page = await get('/events')
    expect(page.status).toBe(200)
    expect(page.body.match(/data-item-card="event"/g)?.length).toBe(3)
    for (const text of ['Spring Equinox Workshop', 'Sound Bath and Restorative Evening', 'Outdoor Yoga in the Park', '$45.00', '$35.00', 'Free', 'Washington Park'])
      expect(page.body).toContain(text)
    expect(page.body).toContain('href="/events/details/spring-equinox-workshop"')
    expect(page.body).toMatch(/<title>Events \| [^<]+<\/title>/)
    expect(page.body).toMatch(/<link rel="canonical" href="http:\/\/demo\.localhost:\d+\/events"/)
    const [list] = jsonLdOf(page.body)
    expect(list?.['@type']).toBe('ItemList')
    expect((list?.itemListElement as unknown[]).length).toBe(3)
    expect(page.header('cache-control')).toMatch(/^public, max-age=0, s-maxage=[1-5]$/)
  })

  it('shows an event with its times in its zone, its place, its price, and SEO tags with Event structured data', async () => {
    const page = await get('/events/details/spring-equinox-workshop')
    expect(page.status).toBe(200)
    expect(page.body).toContain('<h1 class="text-3xl font-bold tracking-tight text-slate-900">Spring Equinox Workshop</h1>')
    // The demo's date format (MM/dd/YYYY) and 2 PM in New York.
    expect(page.body).toMatch(/\d{2}\/\d{2}\/\d{4} 02:00 PM/)
    expect(page.body).toContain('05:00 PM')
    expect(page.body).toContain('America/New York time')
    expect(page.body).toContain('12 Market Street')
    // The demo student holds one of the 30 places.
    expect(page.body).toContain('29 places left')
    expect(page.body).toMatch(/<meta name="description" content="Three hours of practice/)
    expect(page.body).toMatch(/<meta property="og:title" content="Spring Equinox Workshop"/)
    expect(page.body).toMatch(/<link rel="canonical" href="http:\/\/demo\.localhost:\d+\/events\/details\/spring-equinox-workshop"/)
    const [event] = jsonLdOf(page.body)
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Spring Equinox Workshop',
      location: { '@type': 'Place', name: 'Main Studio' },
    })
    expect(event?.offers).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        price: '45.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      }),
    ])
    // No online checkout yet: the prices and how to reach the studio instead of a form.
    expect(page.body).toContain('$45.00')
    expect(page.body).toContain('data-how-to-buy')
    expect(page.body).toContain('To register, contact the studio')
    expect(page.body).not.toContain('action="/checkout"')
  })

  it('asks a visitor to sign in to register for a free event, and brings a student back to it after signing in', async () => {
    const path = '/events/details/outdoor-yoga-in-the-park'
    const page = await get(path)
    expect(page.status).toBe(200)
    expect(page.body).toContain(`href="/login?redirectTo=${encodeURIComponent(path)}"`)
    expect(page.body).toContain(`href="/register?redirectTo=${encodeURIComponent(path)}"`)
    const posted = await post(path, 'intent=register')
    expect(posted.status).toBe(302)
    expect(posted.header('location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
    // Signed in already, the login page sends the student on to the event.
    const back = await get(`/login?redirectTo=${encodeURIComponent(path)}`, studentCookie)
    expect(back.status).toBe(302)
    expect(back.header('location')).toBe(path)
  })

  it('registers a signed-in student for a free event at once, once only; a stray post writes nothing', async () => {
    const path = '/events/details/outdoor-yoga-in-the-park'
    const id = await eventId('outdoor-yoga-in-the-park')
    const stray = await post(path, 'intent=cancel-everything', studentCookie)
    expect(stray.status).toBe(302)
    expect((await registrations(id)).rows).toHaveLength(0)

    const page = await get(path, studentCookie)
    expect(page.body).toContain('name="intent" value="register"')
    expect(page.body).toContain('>Register</button>')
    const posted = await post(path, 'intent=register', studentCookie)
    expect(posted.status).toBe(302)
    expect(posted.header('location')).toBe(path)
    const toast = posted.header('set-cookie') ?? ''
    const after = await get(path, `${studentCookie}; ${toast.split(';')[0]}`)
    expect(after.body).toContain('You are registered. See you there!')
    expect(after.body).toContain('You are registered for this event.')
    expect(after.header('cache-control') ?? '').not.toMatch(/public/)
    const again = await post(path, 'intent=register', studentCookie)
    expect(again.header('set-cookie')).toBeDefined()
    const { rows, count } = await registrations(id)
    expect(rows).toHaveLength(1)
    expect(count.registered_count).toBe(1)
  })

  it('gives the last place to exactly one of two people registering at the same moment', async () => {
    const path = '/events/details/outdoor-yoga-in-the-park'
    const id = await eventId('outdoor-yoga-in-the-park')
    const before = await registrations(id)
    await changeCatalog((trx) =>
      trx
        .updateTable('event_details')
        .set({ capacity: before.count.registered_count + 1 })
        .where('item_id', '=', id)
        .execute()
    )
    try {
      const [first, second] = await Promise.all([post(path, 'intent=register', secondStudentCookie), post(path, 'intent=register', app.adminCookie)])
      expect(first?.status).toBe(302)
      expect(second?.status).toBe(302)
      const messages = [first, second].map((answer) => toastOf(answer?.header('set-cookie'))).sort()
      expect(messages).toEqual(['Sorry, this event is full.', 'You are registered. See you there!'])
      const after = await registrations(id)
      expect(after.rows).toHaveLength(before.rows.length + 1)
      expect(after.count.registered_count).toBe(after.count.capacity)
      // The one who lost is told the event is full; a visitor sees it sold out.
      const page = await get(`${path}?full=1`)
      expect(page.body).toContain('Sold out: this event is full.')
      expect(page.body).not.toContain('data-sign-in-to-register')
    } finally {
      await changeCatalog((trx) => trx.updateTable('event_details').set({ capacity: 60 }).where('item_id', '=', id).execute())
    }
  })

  it('closes registration after its closing time, with a clear state and nothing written', async () => {
    const id = await eventId('sound-bath-and-restorative-evening')
    await changeCatalog((trx) =>
      trx
        .updateTable('event_details')
        .set({ registration_closes_at: new Date(Date.now() - 60_000) })
        .where('item_id', '=', id)
        .execute()
    )
    try {
      const page = await get('/events/details/sound-bath-and-restorative-evening?closed=1')
      expect(page.status).toBe(200)
      expect(page.body).toContain('Registration for this event is closed.')
      expect(page.body).not.toContain('data-how-to-buy')
      const list = await get('/events?closed=1')
      expect(list.body).toContain('Registration closed')
      // Paid and closed: the register post is refused and writes nothing.
      await post('/events/details/sound-bath-and-restorative-evening', 'intent=register', studentCookie)
      expect((await registrations(id)).rows).toHaveLength(0)
    } finally {
      await changeCatalog((trx) => trx.updateTable('event_details').set({ registration_closes_at: null }).where('item_id', '=', id).execute())
    }
  })

  it('lists merchandise and bundles, marks the one with no stock sold out, and shows a product with Product structured data', async () => {
    const list = await get('/merchandise')
    expect(list.status).toBe(200)
    expect(list.body.match(/data-item-card="product"/g)?.length).toBe(5)
    expect(list.body.match(/data-item-card="bundle"/g)?.length).toBe(1)
    expect(list.body).toContain('Home Practice Kit')
    expect(list.body).toContain('$95.00')
    expect(list.body).toMatch(/Studio Water Bottle[\s\S]*?data-item-state="sold-out"[^>]*>Sold out/)

    const block = await get('/merchandise/details/cork-yoga-block')
    expect(block.status).toBe(200)
    expect(block.body).toContain('$18.00')
    expect(block.body).toContain('To buy this, contact the studio')
    const [product] = jsonLdOf(block.body)
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Cork Yoga Block',
      offers: [
        expect.objectContaining({
          price: '18.00',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        }),
      ],
    })

    const bottle = await get('/merchandise/details/studio-water-bottle')
    expect(bottle.body).toContain('Sold out: this item is not available right now.')
    expect(bottle.body).not.toContain('data-how-to-buy')
    expect(jsonLdOf(bottle.body)[0]).toMatchObject({
      offers: [
        expect.objectContaining({
          availability: 'https://schema.org/OutOfStock',
        }),
      ],
    })

    const kit = await get('/merchandise/details/home-practice-kit')
    expect(kit.body).toContain('2 × Cork Yoga Block')
  })

  it('lists the donation campaign and shows its amounts with DonateAction structured data', async () => {
    const list = await get('/donations')
    expect(list.status).toBe(200)
    expect(list.body).toContain('Scholarship Fund')
    expect(list.body).toContain(`href="/donate/${donationGuid}"`)
    expect(list.body).toContain('Give from $10.00')
    const page = await get(`/donate/${donationGuid}`)
    expect(page.status).toBe(200)
    for (const text of ['$10.00', '$25.00', '$50.00', '$100.00', '$5,000.00', 'To give, contact the studio']) expect(page.body).toContain(text)
    const [doc] = jsonLdOf(page.body)
    expect(doc).toMatchObject({
      '@type': 'WebPage',
      potentialAction: {
        '@type': 'DonateAction',
        priceSpecification: { priceCurrency: 'USD', minPrice: '10.00' },
      },
    })
  })

  it('answers 404 for unpublished and archived items, slugs of other kinds, and addresses that name nothing', async () => {
    const id = await eventId('spring-equinox-workshop')
    await changeCatalog((trx) => trx.updateTable('catalog_items').set({ is_published: false }).where('id', '=', id).execute())
    try {
      expect((await get('/events/details/spring-equinox-workshop?unpublished=1')).status).toBe(404)
      expect((await get('/events?unpublished=1')).body).not.toContain('Spring Equinox Workshop')
    } finally {
      await changeCatalog((trx) => trx.updateTable('catalog_items').set({ is_published: true }).where('id', '=', id).execute())
    }
    await changeCatalog((trx) => trx.updateTable('catalog_items').set({ is_archived: true }).where('tenant_id', '=', app.demo.id).where('slug', '=', 'studio-tote-bag').execute())
    try {
      expect((await get('/merchandise/details/studio-tote-bag?archived=1')).status).toBe(404)
      expect((await get('/merchandise?archived=1')).body).not.toContain('Studio Tote Bag')
    } finally {
      await changeCatalog((trx) =>
        trx.updateTable('catalog_items').set({ is_archived: false }).where('tenant_id', '=', app.demo.id).where('slug', '=', 'studio-tote-bag').execute()
      )
    }
    expect((await get('/events/details/cork-yoga-block')).status).toBe(404)
    expect((await get('/merchandise/details/spring-equinox-workshop')).status).toBe(404)
    expect((await get('/donate/not-a-uuid')).status).toBe(404)
    expect((await get('/donate/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const notFound = await get('/events/details/no-such-event')
    expect(notFound.status).toBe(404)
    expect(notFound.body).toContain('404 Page Not Found')
  })

  it("answers 404 for another tenant's event, product and campaign", async () => {
    const master = await app.platform.tenants.findByOrgId('master')
    if (!master) throw new Error('master tenant missing')
    const guid = await asSystem(app.platform.database, 'test: the master tenant catalog', async (trx) => {
      const items = await trx
        .insertInto('catalog_items')
        .values([
          {
            tenant_id: master.id,
            kind: 'event',
            name: 'Master Retreat',
            slug: 'master-retreat',
            payment_type: 'FREE',
            is_published: true,
          },
          {
            tenant_id: master.id,
            kind: 'product',
            name: 'Master Mug',
            slug: 'master-mug',
            payment_type: 'PAID',
            is_published: true,
          },
          {
            tenant_id: master.id,
            kind: 'donation',
            name: 'Master Fund',
            slug: 'master-fund',
            payment_type: 'DONATION',
            is_published: true,
          },
        ])
        .returning(['id', 'kind', 'guid'])
        .execute()
      const event = items.find((item) => item.kind === 'event')
      const donation = items.find((item) => item.kind === 'donation')
      if (!event || !donation) throw new Error('insert failed')
      await trx
        .insertInto('event_details')
        .values({
          tenant_id: master.id,
          item_id: event.id,
          starts_at: new Date(Date.now() + 86_400_000 * 9),
          ends_at: new Date(Date.now() + 86_400_000 * 9 + 3_600_000),
          time_zone: 'UTC',
        })
        .execute()
      await trx
        .insertInto('donation_details')
        .values({
          tenant_id: master.id,
          item_id: donation.id,
          currency: 'USD',
          suggested_amounts_minor: [500],
        })
        .execute()
      return donation.guid
    })
    app.platform.caches.changed(master.id, ['catalog'])
    expect((await get('/events/details/master-retreat')).status).toBe(404)
    expect((await get('/merchandise/details/master-mug')).status).toBe(404)
    expect((await get(`/donate/${guid}`)).status).toBe(404)
    expect((await post('/events/details/master-retreat', 'intent=register', studentCookie)).status).toBe(404)
    expect((await get('/events?other=1')).body).not.toContain('Master Retreat')
  })

  it('puts Events, Merchandise and Donations in the public menu', async () => {
    const home = await get('/home')
    expect(home.body).toMatch(/href="\/events"[^>]*>Events</)
    expect(home.body).toMatch(/href="\/merchandise"[^>]*>Merchandise</)
    expect(home.body).toMatch(/href="\/donations"[^>]*>Donations</)
  })

  it('answers 404 and leaves the menu while a module is off, and donations also follow isShowDonation', async () => {
    await changeSettings({ isShowEventsMenu: false })
    try {
      expect((await get('/events?off=1')).status).toBe(404)
      expect((await get('/events/details/spring-equinox-workshop?off=1')).status).toBe(404)
      expect((await post('/events/details/outdoor-yoga-in-the-park', 'intent=register', secondStudentCookie)).status).toBe(404)
      expect((await get('/home?off=1')).body).not.toContain('href="/events"')
    } finally {
      await changeSettings({ isShowEventsMenu: true })
    }
    await changeSettings({ isShowMerchandiseMenu: false })
    try {
      expect((await get('/merchandise?off=1')).status).toBe(404)
      expect((await get('/merchandise/details/cork-yoga-block?off=1')).status).toBe(404)
      expect((await get('/home?off=2')).body).not.toContain('href="/merchandise"')
    } finally {
      await changeSettings({ isShowMerchandiseMenu: true })
    }
    for (const off of [{ isShowDonation: false }, { isShowDonationMenu: false }]) {
      await changeSettings(off)
      try {
        expect((await get(`/donations?off=${Object.keys(off)[0]}`)).status).toBe(404)
        expect((await get(`/donate/${donationGuid}?off=${Object.keys(off)[0]}`)).status).toBe(404)
        expect((await get(`/home?off=${Object.keys(off)[0]}`)).body).not.toContain('href="/donations"')
      } finally {
        await changeSettings({
          isShowDonation: true,
          isShowDonationMenu: true,
        })
      }
    }
  })

  it('uses the tenant register button label and shows a cover picture with its alt text', async () => {
    await changeSettings({ registerButtonLabel: 'Save my spot' })
    const id = await eventId('outdoor-yoga-in-the-park')
    await changeCatalog((trx) =>
      trx
        .insertInto('item_images')
        .values({
          tenant_id: app.demo.id,
          item_id: id,
          image_key: 'park-lawn.jpg',
          alt_text: 'Yoga mats on the park lawn',
          is_cover: true,
        })
        .execute()
    )
    try {
      const page = await get('/events/details/outdoor-yoga-in-the-park?label=1', secondStudentCookie)
      expect(page.body).toContain('<img src="/uploads/park-lawn.jpg" alt="Yoga mats on the park lawn"')
      expect(page.body).toMatch(/<meta property="og:image" content="http:\/\/demo\.localhost:\d+\/uploads\/park-lawn\.jpg"/)
      const visitor = await get('/events/details/outdoor-yoga-in-the-park?label=2')
      expect(visitor.body).toContain('Sign in to save my spot')
      const list = await get('/events?label=1')
      expect(list.body).toContain('alt="Yoga mats on the park lawn"')
      expect(list.body.match(/data-placeholder-image/g)?.length).toBe(2)
    } finally {
      await changeSettings({ registerButtonLabel: 'Register' })
      await changeCatalog((trx) => sql`delete from item_images where item_id = ${id}`.execute(trx))
    }
  })
})
