import sharp from 'sharp'
import { action as editAction, loader as editLoader } from '#app/routes/_admin+/products+/$guId'
import { GALLERY_MESSAGES, MAX_GALLERY_IMAGES } from '#server/catalog/items/cover-variants'
import { loadPublicProduct } from '#server/catalog/public/public-item-pages'
import { openTenantUpload } from '#server/files/tenant-uploads'
import { action as newAction } from '#app/routes/_admin+/products+/new'
import { loader as listLoader } from '#app/routes/_admin+/products+/_index'
import { asSystem } from '#db/tenant-scope'
import { ITEM_FORM_MESSAGES } from '#server/catalog/items/item-form'
import { callRoute, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

type EditorData = { values: { fields: Record<string, string> }; errors: Record<string, string[]>; suppliers?: Array<{ guid: string; name: string }> }

function productForm(fields: Record<string, string>, price = '25'): FormData {
  const form = new FormData()
  form.set('intent', 'save')
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  if (price !== '') {
    form.set('priceOptions[0].name', 'Each')
    form.set('priceOptions[0].price', price)
    form.set('priceOptions[0].isTaxable', 'on')
  }
  return form
}

describe(`the merchandise editor (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let moduleOff: UsersWorld
  let theirSupplier: string

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'mercheditor')
    moduleOff = await createUsersWorld(platform, 'merchoff', { isShowMerchandiseMenu: false })
    theirSupplier = (
      await asSystem(platform.database, 'test fixture', (trx) =>
        trx.insertInto('item_suppliers').values({ tenant_id: world.other.id, name: 'Their Supplier' }).returning('guid').executeTakeFirstOrThrow(),
      )
    ).guid
  })
  afterAll(() => platform.close())

  const url = (path: string, host = world.host) => `http://${host}${path}`
  const post = (form: FormData, guid: string | null = null, w = world) =>
    guid === null
      ? callRoute(newAction, formPostRequest(url('/products/new', w.host), form, w.cookies.admin), w.context())
      : callRoute(editAction, formPostRequest(url(`/products/${guid}`, w.host), form, w.cookies.admin), w.context(), { guId: guid })
  const snapshot = () =>
    asSystem(platform.database, 'test snapshot', async (trx) =>
      JSON.stringify({
        items: await trx.selectFrom('catalog_items').selectAll().orderBy('id').execute(),
        options: await trx.selectFrom('item_price_options').selectAll().orderBy('id').execute(),
        suppliers: await trx.selectFrom('item_suppliers').selectAll().orderBy('id').execute(),
      }),
    )
  const itemOf = (location: string | null) =>
    asSystem(platform.database, 'test check', (trx) =>
      trx
        .selectFrom('catalog_items')
        .leftJoin('item_suppliers', 'item_suppliers.id', 'catalog_items.supplier_id')
        .select(['catalog_items.guid', 'catalog_items.stock_quantity', 'catalog_items.kind', 'item_suppliers.name as supplier', 'item_suppliers.tenant_id as supplier_tenant'])
        .where('catalog_items.guid', '=', (location ?? '').split('/').pop() ?? '')
        .executeTakeFirstOrThrow(),
    )

  it('adds merchandise with stock and a new supplier, then chooses that supplier for another', async () => {
    const first = await post(productForm({ name: 'Yoga Mat', stockQuantity: '12', newSupplierName: 'Mats & Co' }))
    expect(first.status).toBe(302)
    expect(toastOf(first)?.message).toBe('Yoga Mat is added successfully.')
    expect(await itemOf(first.location)).toMatchObject({ kind: 'product', stock_quantity: 12, supplier: 'Mats & Co', supplier_tenant: world.tenant.id })

    const editor = await callRoute(editLoader, getRequest(url(first.location ?? ''), world.cookies.admin), world.context(), { guId: (first.location ?? '').split('/').pop() })
    const suppliers = (editor.body as EditorData).suppliers ?? []
    const mats = suppliers.find((s) => s.name === 'Mats & Co')
    expect(mats).toBeDefined()
    expect(suppliers.map((s) => s.name)).not.toContain('Their Supplier')

    const second = await post(productForm({ name: 'Mat Strap', stockQuantity: '0', supplierGuId: mats?.guid ?? '' }))
    expect(await itemOf(second.location)).toMatchObject({ stock_quantity: 0, supplier: 'Mats & Co' })
    // Adding a supplier by a name the tenant has reuses it.
    const third = await post(productForm({ name: 'Block', newSupplierName: 'MATS & CO' }))
    expect(await itemOf(third.location)).toMatchObject({ stock_quantity: null, supplier: 'Mats & Co' })
  })

  it.each([
    ['stock below zero', { name: 'Towel', stockQuantity: '-1' }, '25', 'stockQuantity', ITEM_FORM_MESSAGES.stockInvalid],
    ['stock that is not a whole number', { name: 'Towel', stockQuantity: '2.5' }, '25', 'stockQuantity', ITEM_FORM_MESSAGES.stockInvalid],
    ['no price', { name: 'Towel' }, '', 'priceOptions', ITEM_FORM_MESSAGES.productNeedsPrice],
    ['a supplier chosen and one added', { name: 'Towel', supplierGuId: '9b2d8e7c-9a51-4b7e-8f43-2d3c1b0a9e8f', newSupplierName: 'New' }, '25', 'newSupplierName', ITEM_FORM_MESSAGES.supplierBoth],
  ])('refuses %s beside the field and writes nothing', async (_label, fields, price, key, message) => {
    const before = await snapshot()
    const outcome = await post(productForm(fields, price))
    expect(outcome.status).toBe(400)
    expect((outcome.body as EditorData).errors[key]).toContain(message)
    expect(await snapshot()).toBe(before)
  })

  it('keeps more pictures of a product beside its cover: added several at once, removed by a tick, never more than the most', async () => {
    const picture = async (red: number) => new File([await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: red, g: 90, b: 60 } } }).jpeg().toBuffer()], `p${red}.jpg`, { type: 'image/jpeg' })
    const form = productForm({ name: 'Gallery Mat', slug: '', summary: 'A mat with pictures', isPublished: 'on', stockQuantity: '3' })
    form.append('coverImage', await picture(5))
    form.append('moreImages', await picture(10))
    form.append('moreImages', await picture(20))
    const created = await post(form)
    expect(created.status).toBe(302)
    const guid = (created.location ?? '').split('/').pop() ?? ''
    const pictures = () =>
      asSystem(platform.database, 'test check', (trx) =>
        trx.selectFrom('item_images').innerJoin('catalog_items', 'catalog_items.id', 'item_images.item_id').select(['item_images.image_key', 'item_images.is_cover', 'item_images.sequence']).where('catalog_items.guid', '=', guid).where('item_images.is_cover', '=', false).orderBy('item_images.sequence').execute(),
      )
    const first = await pictures()
    expect(first.map((row) => [row.is_cover, row.sequence])).toEqual([[false, 1], [false, 2]])
    const editor = await callRoute(editLoader, getRequest(url(`/products/${guid}`), world.cookies.admin), world.context(), { guId: guid })
    expect((editor.body as { item: { gallery: Array<{ key: string; url: string }> } }).item.gallery.map((each) => each.key)).toEqual(first.map((row) => row.image_key))

    // Tick the first one off and add another: it goes after the one kept.
    const edit = productForm({ name: 'Gallery Mat', slug: 'gallery-mat', summary: 'A mat with pictures', isPublished: 'on', stockQuantity: '3' })
    edit.append('removeImage', first[0]!.image_key)
    edit.append('moreImages', await picture(30))
    expect((await post(edit, guid)).status).toBe(302)
    const second = await pictures()
    expect(second.map((row) => row.image_key)).toEqual([first[1]!.image_key, expect.any(String)])
    expect(second[1]!.sequence).toBe(3)
    // The product's page shows them after its cover, in order, each at the page's size: a file
    // the uploads route serves.
    const page = await loadPublicProduct(platform.database, world.tenant, 'gallery-mat')
    expect(page?.gallery.map((each) => each.src)).toEqual(second.map((row) => `/uploads/${row.image_key}-large.webp`))
    for (const each of [page?.image, ...(page?.gallery ?? [])]) expect(await openTenantUpload(platform.env, world.tenant, each?.src.slice('/uploads/'.length) ?? '')).not.toBeNull()

    // Past the most a product shows: refused in the field, nothing written.
    const tooMany = productForm({ name: 'Gallery Mat', slug: 'gallery-mat', summary: 'A mat with pictures', isPublished: 'on', stockQuantity: '3' })
    for (let index = 0; index < MAX_GALLERY_IMAGES - 1; index += 1) tooMany.append('moreImages', await picture(40 + index))
    const refused = await post(tooMany, guid)
    expect((refused.body as EditorData).errors.moreImages).toEqual([GALLERY_MESSAGES.tooMany])
    expect(await pictures()).toEqual(second)
  })

  it("refuses another tenant's supplier as unknown and writes nothing", async () => {
    const before = await snapshot()
    const outcome = await post(productForm({ name: 'Towel', supplierGuId: theirSupplier }))
    expect(outcome.status).toBe(400)
    expect((outcome.body as EditorData).errors.supplierGuId).toEqual([ITEM_FORM_MESSAGES.supplierUnknown])
    expect(await snapshot()).toBe(before)
  })

  it("answers 404 for another tenant's product", async () => {
    const theirs = await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('catalog_items').values({ tenant_id: world.other.id, kind: 'product', name: 'Theirs', slug: 'theirs' }).returning('guid').executeTakeFirstOrThrow(),
    )
    expect((await callRoute(editLoader, getRequest(url(`/products/${theirs.guid}`), world.cookies.admin), world.context(), { guId: theirs.guid })).status).toBe(404)
    const before = await snapshot()
    expect((await post(productForm({ name: 'Mine' }), theirs.guid)).status).toBe(404)
    expect(await snapshot()).toBe(before)
  })

  it('answers 404 while merchandise is switched off', async () => {
    expect((await callRoute(listLoader, getRequest(url('/products', moduleOff.host), moduleOff.cookies.admin), moduleOff.context())).status).toBe(404)
    const before = await snapshot()
    expect((await post(productForm({ name: 'Off' }), null, moduleOff)).status).toBe(404)
    expect(await snapshot()).toBe(before)
  })

  it('opens to staff and front desk: merchandise has no Roles-screen permission', async () => {
    expect((await callRoute(listLoader, getRequest(url('/products'), world.cookies.staff), world.context())).status).toBe(200)
    expect((await callRoute(listLoader, getRequest(url('/products'), world.cookies.student), world.context())).status).toBe(403)
  })
})
