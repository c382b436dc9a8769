import { action as editAction, loader as editLoader } from '#app/routes/_admin+/product-bundle+/$guId'
import { action as newAction, loader as newLoader } from '#app/routes/_admin+/product-bundle+/new'
import { loader as listLoader } from '#app/routes/_admin+/product-bundle+/_index'
import { asSystem } from '#db/tenant-scope'
import { BUNDLE_FORM_MESSAGES } from '#server/catalog/items/bundle-form'
import { callRoute, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

type EditorData = { values: { contents?: Record<string, string> }; errors: Record<string, string[]>; products: Array<{ guid: string; name: string; isArchived: boolean }> }
type ListData = { rows: Array<{ name: string; bundleQuantity: number; price: string | null }> }

function bundleForm(name: string, contents: Record<string, string>, price = '40'): FormData {
  const form = new FormData()
  form.set('intent', 'save')
  form.set('name', name)
  for (const [guid, quantity] of Object.entries(contents)) form.set(`contents.${guid}`, quantity)
  if (price !== '') {
    form.set('priceOptions[0].name', 'Bundle')
    form.set('priceOptions[0].price', price)
  }
  return form
}

describe(`the product bundle editor (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let moduleOff: UsersWorld
  let mat: string
  let strap: string
  let retired: string
  let theirs: string

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'bundleeditor')
    moduleOff = await createUsersWorld(platform, 'bundleoff', { isShowMerchandiseMenu: false })
    const product = (tenantId: string, name: string, isArchived = false) =>
      asSystem(platform.database, 'test fixture', (trx) =>
        trx
          .insertInto('catalog_items')
          .values({ tenant_id: tenantId, kind: 'product', name, slug: name.toLowerCase().replace(/\W+/g, '-'), is_archived: isArchived })
          .returning('guid')
          .executeTakeFirstOrThrow(),
      )
    mat = (await product(world.tenant.id, 'Yoga Mat')).guid
    strap = (await product(world.tenant.id, 'Mat Strap')).guid
    retired = (await product(world.tenant.id, 'Old Towel', true)).guid
    theirs = (await product(world.other.id, 'Their Mat')).guid
  })
  afterAll(() => platform.close())

  const url = (path: string, host = world.host) => `http://${host}${path}`
  const post = (form: FormData, guid: string | null = null, w = world) =>
    guid === null
      ? callRoute(newAction, formPostRequest(url('/product-bundle/new', w.host), form, w.cookies.admin), w.context())
      : callRoute(editAction, formPostRequest(url(`/product-bundle/${guid}`, w.host), form, w.cookies.admin), w.context(), { guId: guid })
  const snapshot = () =>
    asSystem(platform.database, 'test snapshot', async (trx) =>
      JSON.stringify({
        items: await trx.selectFrom('catalog_items').selectAll().orderBy('id').execute(),
        lines: await trx.selectFrom('bundle_items').selectAll().orderBy('bundle_id').orderBy('item_id').execute(),
        options: await trx.selectFrom('item_price_options').selectAll().orderBy('id').execute(),
      }),
    )
  const linesOf = (guid: string) =>
    asSystem(platform.database, 'test check', (trx) =>
      trx
        .selectFrom('bundle_items')
        .innerJoin('catalog_items as bundle', 'bundle.id', 'bundle_items.bundle_id')
        .innerJoin('catalog_items as product', 'product.id', 'bundle_items.item_id')
        .select(['product.name', 'bundle_items.quantity', 'bundle_items.sequence'])
        .where('bundle.guid', '=', guid)
        .orderBy('bundle_items.sequence')
        .execute(),
    )

  it("offers the tenant's live products only", async () => {
    const editor = await callRoute(newLoader, getRequest(url('/product-bundle/new'), world.cookies.admin), world.context())
    expect((editor.body as EditorData).products.map((product) => product.name)).toEqual(['Mat Strap', 'Yoga Mat'])
  })

  it('adds a bundle of products with quantities, shows it again and changes what it holds', async () => {
    const added = await post(bundleForm('Starter Kit', { [strap]: '2', [mat]: '1' }))
    expect(added.status).toBe(302)
    expect(toastOf(added)?.message).toBe('Starter Kit is added successfully.')
    const guid = (added.location ?? '').split('/').pop() ?? ''
    expect(await linesOf(guid)).toEqual([
      { name: 'Mat Strap', quantity: 2, sequence: 1 },
      { name: 'Yoga Mat', quantity: 1, sequence: 2 },
    ])
    const editor = await callRoute(editLoader, getRequest(url(`/product-bundle/${guid}`), world.cookies.admin), world.context(), { guId: guid })
    expect((editor.body as EditorData).values.contents).toEqual({ [strap]: '2', [mat]: '1' })

    // Empty and 0 leave a product out.
    const edited = await post(bundleForm('Starter Kit', { [strap]: '', [mat]: '3' }), guid)
    expect(edited.status).toBe(302)
    expect(await linesOf(guid)).toEqual([{ name: 'Yoga Mat', quantity: 3, sequence: 1 }])
    const list = await callRoute(listLoader, getRequest(url('/product-bundle'), world.cookies.admin), world.context())
    expect((list.body as ListData).rows.find((row) => row.name === 'Starter Kit')).toMatchObject({ bundleQuantity: 3 })
  })

  it('keeps offering an archived product a bundle still holds', async () => {
    await asSystem(platform.database, 'test fixture', (trx) => trx.updateTable('catalog_items').set({ is_archived: false }).where('guid', '=', retired).execute())
    const added = await post(bundleForm('Towel Pack', { [retired]: '2' }))
    const guid = (added.location ?? '').split('/').pop() ?? ''
    await asSystem(platform.database, 'test fixture', (trx) => trx.updateTable('catalog_items').set({ is_archived: true }).where('guid', '=', retired).execute())
    const editor = await callRoute(editLoader, getRequest(url(`/product-bundle/${guid}`), world.cookies.admin), world.context(), { guId: guid })
    expect((editor.body as EditorData).products).toContainEqual({ guid: retired, name: 'Old Towel', isArchived: true })
  })

  type Refusal = [label: string, contents: () => Record<string, string>, price: string, key: () => string, message: string]
  it.each<Refusal>([
    ['nothing in it', () => ({}), '40', () => 'contents', BUNDLE_FORM_MESSAGES.empty],
    ['only zeros', () => ({ [mat]: '0' }), '40', () => 'contents', BUNDLE_FORM_MESSAGES.empty],
    ['a quantity in words', () => ({ [mat]: 'two' }), '40', () => `contents.${mat}`, BUNDLE_FORM_MESSAGES.quantityInvalid],
    ['a quantity above the most', () => ({ [mat]: '100' }), '40', () => `contents.${mat}`, BUNDLE_FORM_MESSAGES.quantityInvalid],
    ['no price', () => ({ [mat]: '1' }), '', () => 'priceOptions', BUNDLE_FORM_MESSAGES.needsPrice],
    ["another tenant's product", () => ({ [theirs]: '1' }), '40', () => 'contents', BUNDLE_FORM_MESSAGES.productUnknown],
  ])('refuses %s and writes nothing', async (_label, contents, price, key, message) => {
    const before = await snapshot()
    const outcome = await post(bundleForm('Refused Kit', contents(), price))
    expect(outcome.status).toBe(400)
    expect((outcome.body as EditorData).errors[key()]).toContain(message)
    expect(await snapshot()).toBe(before)
  })

  it("answers 404 for another tenant's bundle, and while merchandise is switched off", async () => {
    const their = await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('catalog_items').values({ tenant_id: world.other.id, kind: 'bundle', name: 'Their Kit', slug: 'their-kit' }).returning('guid').executeTakeFirstOrThrow(),
    )
    expect((await callRoute(editLoader, getRequest(url(`/product-bundle/${their.guid}`), world.cookies.admin), world.context(), { guId: their.guid })).status).toBe(404)
    const before = await snapshot()
    expect((await post(bundleForm('Mine', { [mat]: '1' }), their.guid)).status).toBe(404)
    expect((await post(bundleForm('Off', { [mat]: '1' }), null, moduleOff)).status).toBe(404)
    expect(await snapshot()).toBe(before)
    expect((await callRoute(listLoader, getRequest(url('/product-bundle', moduleOff.host), moduleOff.cookies.admin), moduleOff.context())).status).toBe(404)
  })
})
