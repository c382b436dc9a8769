import sharp from 'sharp'
import { action as editAction, loader as editLoader } from '#app/routes/_admin+/services+/$guId'
import { action as newAction, loader as newLoader } from '#app/routes/_admin+/services+/new'
import { loader as listLoader } from '#app/routes/_admin+/services+/_index'
import { asSystem } from '#db/tenant-scope'
import { ITEM_FORM_MESSAGES } from '#server/catalog/items/item-form'
import { PRICE_OPTION_MESSAGES } from '#server/catalog/price-options'
import { NOT_AN_IMAGE } from '#server/files/upload-limits'
import { callRoute, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const granted = { staff: true, frontDesk: true }

type EditorData = { values: { fields: Record<string, string>; priceOptions: Array<Record<string, unknown>> }; errors: Record<string, string[]> }

function courseForm(fields: Record<string, string>, rows: Array<Record<string, string>> = []): FormData {
  const form = new FormData()
  form.set('intent', 'save')
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  rows.forEach((row, index) => {
    for (const [name, value] of Object.entries(row)) form.set(`priceOptions[${index}].${name}`, value)
  })
  return form
}

describe(`the course editor (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let moduleOff: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    // Courses are not given to staff on the Roles screen; front desk has them.
    world = await createUsersWorld(platform, 'courseeditor', {
      roles: { classes: granted, contacts: granted, offers: granted, courses: { staff: false, frontDesk: true } },
    })
    moduleOff = await createUsersWorld(platform, 'coursesoff', { isShowCourses: false })
  })
  afterAll(() => platform.close())

  const url = (path: string, host = world.host) => `http://${host}${path}`
  const post = (form: FormData, guid: string | null = null, cookie = world.cookies.admin, w = world) =>
    guid === null
      ? callRoute(newAction, formPostRequest(url('/services/new', w.host), form, cookie), w.context())
      : callRoute(editAction, formPostRequest(url(`/services/${guid}`, w.host), form, cookie), w.context(), { guId: guid })
  const snapshot = () =>
    asSystem(platform.database, 'test snapshot', async (trx) =>
      JSON.stringify({
        items: await trx.selectFrom('catalog_items').selectAll().orderBy('id').execute(),
        options: await trx.selectFrom('item_price_options').selectAll().orderBy('id').execute(),
        images: await trx.selectFrom('item_images').selectAll().orderBy('id').execute(),
      }),
    )
  const itemByGuid = (guid: string) =>
    asSystem(platform.database, 'test check', async (trx) => {
      const item = await trx.selectFrom('catalog_items').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow()
      const options = await trx.selectFrom('item_price_options').selectAll().where('item_id', '=', item.id).orderBy('sequence').execute()
      const images = await trx.selectFrom('item_images').selectAll().where('item_id', '=', item.id).execute()
      return { item, options, images }
    })
  const guidOf = (location: string | null) => (location ?? '').split('/').pop() ?? ''

  it('adds a paid course with two price options and a cover image, sanitising its description', async () => {
    const form = courseForm(
      {
        name: 'Yoga & Breath: Level 1',
        summary: 'Six weeks of breath work.',
        description: '<p>Hello <strong>there</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">',
        paymentType: 'PAID',
        isAllowDemoChapters: 'on',
        isPublished: 'on',
      },
      [
        { name: 'Full course', price: '120.00', discount: '20', qty: '2', isTaxable: 'on' },
        { name: 'Pay what you can', price: '10', isOtherPrice: 'on', otherPrice: '5.50', isChargeCreditCardFees: 'on' },
      ],
    )
    const cover = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } } }).jpeg().toBuffer()
    form.set('coverImage', new File([cover], 'cover.jpg', { type: 'image/jpeg' }))
    const outcome = await post(form)
    expect(outcome.status).toBe(302)
    expect(outcome.location).toMatch(/^\/services\/[0-9a-f-]{36}$/)
    expect(toastOf(outcome)).toEqual({ type: 'success', message: 'Yoga & Breath: Level 1 is added successfully.' })

    const { item, options, images } = await itemByGuid(guidOf(outcome.location))
    expect(item).toMatchObject({ kind: 'course', slug: 'yoga-and-breath-level-1', payment_type: 'PAID', is_allow_demo_chapters: true, is_published: true, created_by: world.admin.id })
    expect(item.description_html).toMatch(/^<p>Hello <strong>there<\/strong><\/p>/)
    expect(item.description_html).not.toMatch(/script|onerror|alert/)
    expect(options.map((o) => [o.name, o.price_minor, o.discount_minor, o.max_quantity, o.is_taxable, o.is_other_price, o.other_price_minor, o.is_charge_card_fees, o.currency])).toEqual([
      ['Full course', 12000, 2000, 2, true, false, null, false, 'USD'],
      ['Pay what you can', 1000, 0, 1, false, true, 550, true, 'USD'],
    ])
    expect(images).toHaveLength(1)
    expect(images[0]).toMatchObject({ is_cover: true, width: 1240, height: 800 })

    const shown = await callRoute(editLoader, getRequest(url(`/services/${item.guid}`), world.cookies.admin), world.context(), { guId: item.guid })
    expect(shown.status).toBe(200)
    const body = shown.body as { item: { coverUrl: string }; values: EditorData['values'] }
    expect(body.item.coverUrl).toBe(`/uploads/${images[0]?.image_key}-card.webp`)
    expect(body.values.priceOptions.map((o) => [o.name, o.price, o.discount, o.otherPrice])).toEqual([
      ['Full course', '120.00', '20.00', ''],
      ['Pay what you can', '10.00', '', '5.50'],
    ])
  })

  it('numbers a slug that another course of the tenant has, and refuses a typed slug that is taken', async () => {
    const first = await post(courseForm({ name: 'Morning Stretch', paymentType: 'FREE' }))
    const second = await post(courseForm({ name: 'Morning stretch', paymentType: 'FREE' }))
    expect((await itemByGuid(guidOf(first.location))).item.slug).toBe('morning-stretch')
    expect((await itemByGuid(guidOf(second.location))).item.slug).toBe('morning-stretch-2')

    const before = await snapshot()
    const clash = await post(courseForm({ name: 'Another', slug: 'Morning Stretch', paymentType: 'FREE' }))
    expect(clash.status).toBe(400)
    expect((clash.body as EditorData).errors.slug).toEqual([ITEM_FORM_MESSAGES.slugTaken('Course')])
    expect(await snapshot()).toBe(before)
  })

  it.each([
    ['no name', { name: ' ', paymentType: 'FREE' }, [], 'name', ITEM_FORM_MESSAGES.nameRequired],
    ['an external course without a link', { name: 'Elsewhere', paymentType: 'EXTERNAL' }, [], 'externalLink', ITEM_FORM_MESSAGES.linkRequired],
    ['an external link that is no web address', { name: 'Elsewhere', paymentType: 'EXTERNAL', externalLink: 'javascript:alert(1)' }, [], 'externalLink', ITEM_FORM_MESSAGES.linkInvalid],
    ['a paid course without a price', { name: 'Paid', paymentType: 'PAID' }, [], 'priceOptions', ITEM_FORM_MESSAGES.paidNeedsPrice],
    ['a price option without a price', { name: 'Paid', paymentType: 'PAID' }, [{ name: 'Tier' }], 'priceOptions[0].price', PRICE_OPTION_MESSAGES.priceRequired],
    ['a price option without a name', { name: 'Paid', paymentType: 'PAID' }, [{ price: '5' }], 'priceOptions[0].name', 'Price option name is required!'],
    ['a discount above the price', { name: 'Paid', paymentType: 'PAID' }, [{ name: 'Tier', price: '5', discount: '6' }], 'priceOptions[0].discount', PRICE_OPTION_MESSAGES.discountTooLarge],
    ['a quantity of 10', { name: 'Paid', paymentType: 'PAID' }, [{ name: 'Tier', price: '5', qty: '10' }], 'priceOptions[0].qty', PRICE_OPTION_MESSAGES.quantityInvalid],
    ['a membership on a course', { name: 'Paid', paymentType: 'PAID' }, [{ name: 'Tier', price: '5', 'membershipDetails.membershipType': 'card' }], 'priceOptions[0].membershipDetails.membershipType', 'Only a membership plan has membership price options.'],
    ['a payment type not offered', { name: 'Paid', paymentType: 'PRODUCT' }, [], 'paymentType', ITEM_FORM_MESSAGES.paymentTypeInvalid],
  ])('refuses %s with its message beside the field and writes nothing', async (_label, fields, rows, key, message) => {
    const before = await snapshot()
    const outcome = await post(courseForm(fields, rows))
    expect(outcome.status).toBe(400)
    const body = outcome.body as EditorData
    expect(body.errors[key]).toContain(message)
    expect(body.values.fields.name).toBe(fields.name)
    expect(await snapshot()).toBe(before)
  })

  it('refuses a cover that is not an image and writes nothing, keeping the other values', async () => {
    const before = await snapshot()
    const form = courseForm({ name: 'With a bad cover', paymentType: 'FREE' })
    form.set('coverImage', new File(['not an image'], 'cover.jpg', { type: 'image/jpeg' }))
    const outcome = await post(form)
    expect(outcome.status).toBe(400)
    expect((outcome.body as EditorData).errors.coverImage).toEqual([NOT_AN_IMAGE])
    expect(await snapshot()).toBe(before)
  })

  it("adds a blank price option row per 'Add price option' post without JavaScript, and removes one by its button, writing nothing", async () => {
    const before = await snapshot()
    const form = courseForm({ name: 'Draft', paymentType: 'PAID' }, [{ name: 'One', price: '5' }])
    form.set('intent', 'add-price-option')
    const added = await post(form)
    expect(added.status).toBe(200)
    const rows = (added.body as EditorData).values.priceOptions
    expect(rows.map((row) => [row.name, row.price])).toEqual([
      ['One', '5'],
      ['', ''],
    ])
    const removing = courseForm({ name: 'Draft', paymentType: 'PAID' }, [{ name: 'One', price: '5' }, { name: 'Two', price: '6' }])
    removing.set('intent', 'remove-price-option:0')
    const removed = await post(removing)
    expect((removed.body as EditorData).values.priceOptions.map((row) => row.name)).toEqual(['Two'])
    expect(await snapshot()).toBe(before)
  })

  it('updates a course: price options kept by guid, a removed one archived, and archives and restores it', async () => {
    const created = await post(courseForm({ name: 'Pilates', paymentType: 'PAID' }, [{ name: 'A', price: '10' }, { name: 'B', price: '20' }]))
    const guid = guidOf(created.location)
    const { options } = await itemByGuid(guid)
    const optionB = options.find((o) => o.name === 'B')
    const updated = await post(courseForm({ name: 'Pilates Plus', slug: 'pilates', paymentType: 'PAID' }, [{ guId: optionB?.guid ?? '', name: 'B2', price: '25' }]), guid)
    expect(updated.status).toBe(302)
    expect(toastOf(updated)?.message).toBe('Pilates Plus is updated successfully.')
    const after = await itemByGuid(guid)
    expect(after.item.name).toBe('Pilates Plus')
    expect(after.options.map((o) => [o.name, o.price_minor, o.is_archived, o.guid === optionB?.guid])).toEqual(
      expect.arrayContaining([
        ['A', 1000, true, false],
        ['B2', 2500, false, true],
      ]),
    )

    const archive = new FormData()
    archive.set('intent', 'archive')
    const archived = await post(archive, guid)
    expect(toastOf(archived)?.message).toBe('Pilates Plus is archived.')
    expect((await itemByGuid(guid)).item).toMatchObject({ is_archived: true, is_published: false })
    const list = await callRoute(listLoader, getRequest(url('/services?search=pilates'), world.cookies.admin), world.context())
    expect((list.body as { rows: unknown[] }).rows).toHaveLength(0)
    const withArchived = await callRoute(listLoader, getRequest(url('/services?search=pilates&isShowArchived=true'), world.cookies.admin), world.context())
    expect((withArchived.body as { rows: Array<{ name: string }> }).rows.map((r) => r.name)).toEqual(['Pilates Plus'])

    const restore = new FormData()
    restore.set('intent', 'unarchive')
    await post(restore, guid)
    expect((await itemByGuid(guid)).item.is_archived).toBe(false)
  })

  it('lists courses by folded name with a search', async () => {
    const outcome = await callRoute(listLoader, getRequest(url('/services?search=MORNING'), world.cookies.admin), world.context())
    const body = outcome.body as { total: number; rows: Array<{ name: string; slug: string }> }
    expect(body.total).toBe(2)
    expect(body.rows.map((r) => r.slug).sort()).toEqual(['morning-stretch', 'morning-stretch-2'])
  })

  it("answers 404 for another tenant's course, on the screen and on a post, and writes nothing", async () => {
    const theirs = await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('catalog_items').values({ tenant_id: world.other.id, kind: 'course', name: 'Theirs', slug: 'theirs' }).returning('guid').executeTakeFirstOrThrow(),
    )
    const shown = await callRoute(editLoader, getRequest(url(`/services/${theirs.guid}`), world.cookies.admin), world.context(), { guId: theirs.guid })
    expect(shown.status).toBe(404)
    const before = await snapshot()
    expect((await post(courseForm({ name: 'Mine now', paymentType: 'FREE' }), theirs.guid)).status).toBe(404)
    const archive = new FormData()
    archive.set('intent', 'archive')
    expect((await post(archive, theirs.guid)).status).toBe(404)
    expect(await snapshot()).toBe(before)
    // A product's guid is no course either.
    const product = await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('catalog_items').values({ tenant_id: world.tenant.id, kind: 'product', name: 'Mat', slug: 'mat' }).returning('guid').executeTakeFirstOrThrow(),
    )
    expect((await callRoute(editLoader, getRequest(url(`/services/${product.guid}`), world.cookies.admin), world.context(), { guId: product.guid })).status).toBe(404)
    expect((await callRoute(editLoader, getRequest(url('/services/not-a-guid'), world.cookies.admin), world.context(), { guId: 'not-a-guid' })).status).toBe(404)
  })

  it('answers 404 on every course screen while the courses module is off', async () => {
    const w = moduleOff
    expect((await callRoute(listLoader, getRequest(url('/services', w.host), w.cookies.admin), w.context())).status).toBe(404)
    expect((await callRoute(newLoader, getRequest(url('/services/new', w.host), w.cookies.admin), w.context())).status).toBe(404)
    const before = await snapshot()
    expect((await post(courseForm({ name: 'Off', paymentType: 'FREE' }), null, w.cookies.admin, w)).status).toBe(404)
    expect(await snapshot()).toBe(before)
  })

  it('answers 403 to a role the Roles screen does not give courses, and opens to one it does', async () => {
    expect((await callRoute(listLoader, getRequest(url('/services'), world.cookies.staff), world.context())).status).toBe(403)
    expect((await callRoute(newLoader, getRequest(url('/services/new'), world.cookies.staff), world.context())).status).toBe(403)
    const before = await snapshot()
    expect((await post(courseForm({ name: 'Not mine', paymentType: 'FREE' }), null, world.cookies.staff)).status).toBe(403)
    expect(await snapshot()).toBe(before)
    expect((await callRoute(listLoader, getRequest(url('/services'), world.cookies.frontDesk), world.context())).status).toBe(200)
    expect((await callRoute(listLoader, getRequest(url('/services'), world.cookies.student), world.context())).status).toBe(403)
  })
})
