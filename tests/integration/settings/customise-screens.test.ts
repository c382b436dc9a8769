import { shippedDescriptor } from '#screens/index'
import { asSystem } from '#db/tenant-scope'
import { loader as accountLoader } from '#app/routes/_admin+/settings+/account'
import { action as customiseAction, loader as customiseLoader } from '#app/routes/_admin+/settings+/customise.$key'
import { loader as catchAllLoader } from '#app/routes/_admin+/settings+/$'
import { loader as homeLoader } from '#app/routes/_admin+/settings+/_index'
import { resolveEffectiveScreen } from '#server/screens/effective-descriptor'
import { settingsTilesFor } from '#server/settings/settings-tiles'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, toastOf } from '#tests/support/route-call'
import { contextOf, createSettingsWorld, freshTenant, get, post, snapshotTenant, type SettingsWorld } from './settings-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`Customise this screen (${engine})`, () => {
  let platform: TestPlatform
  let world: SettingsWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createSettingsWorld(platform, 'custom')
  })
  afterAll(() => platform.close())

  const accountFields = ['name', 'accountOwner', 'fromEmailName', 'fromEmail', 'country', 'phone', 'street', 'city', 'state', 'zip', 'timezone', 'dateFormat', 'defaultLanguage', 'itemExpiresAfter', 'customDomain', 'aboutOrg']
  const customise = async (entries: Array<[string, string]>, key = 'account', cookie = world.cookies.admin) => {
    const body = new URLSearchParams(entries)
    return callRoute(customiseAction, post(world.host, `/settings/customise/${key}`, body, cookie), await contextOf(platform, world.tenant), { key })
  }
  /** What the customise form posts: every row's order, label and help text (as drawn), then the changes. */
  const shippedHelp = (name: string): string => {
    const ui = shippedDescriptor('account')?.uiSchema[name]
    const help = typeof ui === 'object' && ui !== null && !Array.isArray(ui) ? ui['ui:help'] : undefined
    return typeof help === 'string' ? help : ''
  }
  const rowsFor = (changes: Record<string, Array<[string, string]>> = {}, order = accountFields): Array<[string, string]> =>
    order.flatMap((name) => {
      const changed = changes[name] ?? []
      const drawn: Array<[string, string]> = [[`label[${name}]`, ''], [`help[${name}]`, shippedHelp(name)]]
      return [['order[]', name] as [string, string], ...drawn.filter(([field]) => !changed.some(([key]) => key === field)), ...changed]
    })
  const accountView = async (tenant = world.tenant, cookie = world.cookies.admin, host = world.host) =>
    (await callRoute(accountLoader, get(host, '/settings/account', cookie), await contextOf(platform, tenant))).body as {
      descriptor: { schema: { properties: Record<string, { title: string }> }; uiSchema: Record<string, unknown>; messages: { fields: Record<string, Record<string, string>> } }
    }

  it('relabels and hides a field: the account form changes on the next request', async () => {
    const outcome = await customise(rowsFor({ name: [['label[name]', 'Studio Name']], aboutOrg: [['hidden[aboutOrg]', 'true']], city: [['help[city]', 'Where classes happen']] }))
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/settings/customise/account')
    expect(toastOf(outcome)?.message).toBe('Screen customisation saved.')
    const view = await accountView()
    expect(view.descriptor.schema.properties.name.title).toBe('Studio Name')
    expect(view.descriptor.messages.fields.name.required).toBe('Studio Name is required!')
    expect(view.descriptor.schema.properties.aboutOrg).toBeUndefined()
    expect((view.descriptor.uiSchema.city as Record<string, unknown>)['ui:help']).toBe('Where classes happen')
    // Another organisation's account screen is untouched.
    const others = await accountView(world.other.tenant, world.other.adminCookie, world.other.host)
    expect(others.descriptor.schema.properties.name.title).toBe('Organization Name')
    expect(others.descriptor.schema.properties.aboutOrg).toBeDefined()
  })

  it('reorders with the arrow buttons (a plain post) and with the posted order', async () => {
    await customise([...rowsFor(), ['move', 'zip:up']])
    let order = (await accountView()).descriptor.uiSchema['ui:order'] as string[]
    expect(order.indexOf('zip')).toBe(order.indexOf('state') - 1)
    await customise(rowsFor({}, ['phone', ...accountFields.filter((name) => name !== 'phone')]))
    order = (await accountView()).descriptor.uiSchema['ui:order'] as string[]
    expect(order[0]).toBe('phone')
  })

  it('refuses to hide a required field and writes nothing', async () => {
    const before = await snapshotTenant(platform, world.tenant)
    const outcome = await customise(rowsFor({ name: [['hidden[name]', 'true']] }))
    expect(outcome.status).toBe(400)
    expect(outcome.body).toMatchObject({ formError: 'Invalid Form!', fieldErrors: { name: ['Organization Name is required and cannot be hidden.'] } })
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
  })

  it('refuses labels and help texts that are too long and writes nothing', async () => {
    const before = await snapshotTenant(platform, world.tenant)
    const outcome = await customise(rowsFor({ city: [['label[city]', 'c'.repeat(101)], ['help[city]', 'h'.repeat(301)]] }))
    expect(outcome.status).toBe(400)
    expect(outcome.body).toMatchObject({ fieldErrors: { city: ['A label can be at most 100 characters.', 'A help text can be at most 300 characters.'] } })
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
  })

  it('ignores and reports changes that name a field the screen no longer has', async () => {
    await asSystem(platform.database, 'test: an overlay written against an older screen', (trx) =>
      trx
        .updateTable('screen_overlays')
        .set({ overlay: JSON.stringify({ fields: { faxNumber: { label: 'Fax' }, name: { label: 'Studio Name' } }, customFields: [] }) })
        .where('tenant_id', '=', world.tenant.id)
        .where('screen_key', '=', 'account')
        .execute(),
    )
    // A direct write does not move the tenant's stamp: invalidate as a real write would.
    await asSystem(platform.database, 'test', (trx) => trx.updateTable('tenants').set({ updated_at: new Date() }).where('id', '=', world.tenant.id).execute())
    platform.tenants.invalidate(world.tenant.id)
    const outcome = await callRoute(customiseLoader, get(world.host, '/settings/customise/account', world.cookies.admin), await contextOf(platform, world.tenant), { key: 'account' })
    const view = (outcome.body as { view: { problems: Array<{ field: string; message: string }>; rows: Array<{ name: string; label: string }> } }).view
    expect(view.problems).toEqual([{ field: 'faxNumber', message: '"faxNumber" is no longer on this screen; its changes are ignored.' }])
    expect(view.rows.find((row) => row.name === 'name')?.label).toBe('Studio Name')
    expect((await accountView()).descriptor.schema.properties.name.title).toBe('Studio Name')
  })

  it('resets a screen to its default', async () => {
    const outcome = await customise([['intent', 'reset']])
    expect(toastOf(outcome)?.message).toBe('Screen reset to its default.')
    const view = await accountView()
    expect(view.descriptor.schema.properties.name.title).toBe('Organization Name')
    expect(view.descriptor.uiSchema['ui:order']).toEqual(accountFields)
  })

  it('serves the effective descriptor from the cache until a write', async () => {
    const tenant = await freshTenant(platform, world.tenant)
    const first = await resolveEffectiveScreen(platform, tenant, 'account')
    expect(await resolveEffectiveScreen(platform, tenant, 'account')).toBe(first)
    await customise(rowsFor({ zip: [['label[zip]', 'Postcode']] }))
    const after = await resolveEffectiveScreen(platform, await freshTenant(platform, world.tenant), 'account')
    expect(after).not.toBe(first)
    expect(after?.descriptor.schema.properties.zip.title).toBe('Postcode')
  })

  it('is a 404 for a screen that does not exist', async () => {
    const context = await contextOf(platform, world.tenant)
    expect((await callRoute(customiseLoader, get(world.host, '/settings/customise/nope', world.cookies.admin), context, { key: 'nope' })).status).toBe(404)
    expect((await customise(rowsFor(), 'nope')).status).toBe(404)
  })

  it.each(['staff', 'frontdesk', 'student'] as const)('gives %s a 403 and writes nothing', async (who) => {
    const before = await snapshotTenant(platform, world.tenant)
    expect((await customise(rowsFor({ name: [['label[name]', 'Hacked']] }), 'account', world.cookies[who])).status).toBe(403)
    const context = await contextOf(platform, world.tenant)
    expect((await callRoute(customiseLoader, get(world.host, '/settings/customise/account', world.cookies[who]), context, { key: 'account' })).status).toBe(403)
    expect((await callRoute(homeLoader, get(world.host, '/settings', world.cookies[who]), context)).status).toBe(403)
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
  })

  it('sends unknown settings paths to /settings, for admins only', async () => {
    const context = await contextOf(platform, world.tenant)
    const outcome = await callRoute(catchAllLoader, get(world.host, '/settings/no-such-screen', world.cookies.admin), context)
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/settings')
    expect((await callRoute(catchAllLoader, get(world.host, '/settings/no-such-screen', world.cookies.student), context)).location).toBe('/classes')
  })

  it('lists the built settings tiles on the home screen', async () => {
    const home = (await callRoute(homeLoader, get(world.host, '/settings', world.cookies.admin), await contextOf(platform, world.tenant))).body as { tiles: Array<{ title: string }> }
    const titles = home.tiles.map((tile) => tile.title)
    expect(titles).toEqual(settingsTilesFor(world.tenant).map((tile) => tile.title))
    expect(titles).toEqual(expect.arrayContaining(['Account', 'Website', 'Module Settings', 'Student App', 'Payment Settings', 'Users', 'Roles']))
    expect(titles).not.toContain('Franchise')
  })
})
