import { action as displayAction, loader as displayLoader } from '#app/routes/_admin+/settings+/display'
import { action as rolesAction, loader as rolesLoader } from '#app/routes/_admin+/settings+/roles'
import { requirePermission } from '#app/utils/auth.server'
import { adminNavigationFor, staffPermissionsFor } from '#server/shell/admin-navigation'
import type { NavigationItem } from '#server/shell/navigation-item'
import { adminMenuFlagsOf, tenantRoleEntriesOf } from '#server/navigation/admin-menu'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, toastOf } from '#tests/support/route-call'
import { contextOf, createSettingsWorld, form, freshTenant, get, post, snapshotTenant, type SettingsWorld } from './settings-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

function urls(items: NavigationItem[]): string[] {
  return items.flatMap((item) => [...(item.url ? [item.url] : []), ...urls(item.children ?? [])])
}

describe(`Module Settings and Roles Setting (${engine})`, () => {
  let platform: TestPlatform
  let world: SettingsWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createSettingsWorld(platform, 'modules')
  })
  afterAll(() => platform.close())

  const postTo = async (fn: typeof displayAction, path: string, entries: Record<string, string>, cookie = world.cookies.admin) =>
    callRoute(fn, post(world.host, path, form(entries), cookie), await contextOf(platform, world.tenant))

  const menuOf = async (role: 'ROLE_ADMIN' | 'ROLE_FRONTDESK') => {
    const tenant = await freshTenant(platform, world.tenant)
    return urls(
      adminNavigationFor({
        flags: adminMenuFlagsOf(tenant.settings),
        isMaster: false,
        permissions: staffPermissionsFor(role, tenantRoleEntriesOf(tenant.settings.roles)),
        helpUrl: null,
      }),
    )
  }

  it('saves a module toggle at once, and the staff menu follows on the next request', async () => {
    expect(await menuOf('ROLE_ADMIN')).toContain('/rules')
    const flags = { isShowScheduleMenu: 'true', isShowDonationMenu: 'true', isShowMerchandiseMenu: 'true', isShowAssessment: 'true', isShowFormsMenu: 'true', isShowCampaignsMenu: 'true', isShowStoreMenu: 'true' }
    // Events is off: an unticked switch posts nothing.
    const outcome = await postTo(displayAction, '/settings/display', { intent: 'modules', ...Object.fromEntries(Object.entries(flags).map(([k, v]) => [`root[${k}]`, v])) })
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/settings/display')
    expect(toastOf(outcome)?.message).toBe('Successfully updated settings.')
    expect((await freshTenant(platform, world.tenant)).settings.isShowEventsMenu).toBe(false)
    expect(await menuOf('ROLE_ADMIN')).not.toContain('/rules')
    const view = (await callRoute(displayLoader, get(world.host, '/settings/display', world.cookies.admin), await contextOf(platform, world.tenant))).body as { modules: { values: Record<string, boolean> } }
    expect(view.modules.values.isShowEventsMenu).toBe(false)
  })

  const other = (change: Record<string, string> = {}) => ({
    intent: 'other',
    'root[isMultiCountrySupport]': 'false',
    // Drawn always (hidden while the waiver is off), so the browser always posts it.
    'root[waiverFormLink]': '',
    'root[isShowCalenderView]': 'true',
    'root[registerButtonLabel]': 'Upcoming Events',
    ...change,
  })

  it('requires the waiver link while the waiver is on', async () => {
    const before = await snapshotTenant(platform, world.tenant)
    const outcome = await postTo(displayAction, '/settings/display', other({ 'root[isWaiverFormToBeSigned]': 'true' }))
    expect(outcome.status).toBe(400)
    expect(outcome.body).toMatchObject({ intent: 'other', formError: 'Invalid Form!', fieldErrors: { waiverFormLink: ['Waiver Form Link is required!'] } })
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
  })

  it('requires the register button label', async () => {
    const before = await snapshotTenant(platform, world.tenant)
    const outcome = await postTo(displayAction, '/settings/display', other({ 'root[registerButtonLabel]': '' }))
    expect(outcome.body).toMatchObject({ fieldErrors: { registerButtonLabel: ['Register Button Label is required!'] } })
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
  })

  it('keeps the waiver link while on, and clears it when the waiver is turned off', async () => {
    const on = await postTo(displayAction, '/settings/display', other({ 'root[isWaiverFormToBeSigned]': 'true', 'root[waiverFormLink]': 'https://forms.lotus.test/waiver' }))
    expect(on.status).toBe(302)
    expect(on.location).toBe('/settings')
    expect((await freshTenant(platform, world.tenant)).settings).toMatchObject({ isWaiverFormToBeSigned: true, waiverFormLink: 'https://forms.lotus.test/waiver', registerButtonLabel: 'Upcoming Events' })
    await postTo(displayAction, '/settings/display', other({ 'root[waiverFormLink]': 'https://forms.lotus.test/waiver' }))
    expect((await freshTenant(platform, world.tenant)).settings).toMatchObject({ isWaiverFormToBeSigned: false, waiverFormLink: '' })
  })

  it('saves the catalog switches: room names on the calendar, event addresses, registering and paying on one page', async () => {
    const on = await postTo(displayAction, '/settings/display', other({ 'root[isShowRoomName]': 'true', 'root[isAddressNeededForEvent]': 'true', 'root[isRegAndPurchaseOnSamePage]': 'true' }))
    expect(on.status).toBe(302)
    expect((await freshTenant(platform, world.tenant)).settings).toMatchObject({ isShowRoomName: true, isAddressNeededForEvent: true, isRegAndPurchaseOnSamePage: true })
    // An unticked switch is not posted by the browser: it turns the setting off.
    await postTo(displayAction, '/settings/display', other())
    expect((await freshTenant(platform, world.tenant)).settings).toMatchObject({ isShowRoomName: false, isAddressNeededForEvent: false, isRegAndPurchaseOnSamePage: false })
  })

  it("says 'Updated multi country support' when that answer changes", async () => {
    const outcome = await postTo(displayAction, '/settings/display', other({ 'root[isMultiCountrySupport]': 'true' }))
    expect(toastOf(outcome)?.message).toBe('Updated multi country support')
    expect((await freshTenant(platform, world.tenant)).settings.isMultiCountrySupport).toBe(true)
  })

  it('saves the roles, enforces them with requirePermission and hides the menu item', async () => {
    const cards = ['classes', 'courses', 'contacts', 'offers']
    const entries: Record<string, string> = { intent: 'roles' }
    for (const card of cards) {
      entries[`root[${card}Staff]`] = 'true'
      if (card !== 'contacts') entries[`root[${card}FrontDesk]`] = 'true'
    }
    const outcome = await postTo(rolesAction, '/settings/roles', entries)
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/settings')
    expect(toastOf(outcome)?.message).toBe('Successfully updated roles.')
    const tenant = await freshTenant(platform, world.tenant)
    expect(tenant.settings.roles.contacts).toEqual({ staff: true, frontDesk: false })

    const context = await contextOf(platform, world.tenant)
    const asFrontDesk = get(world.host, '/contacts', world.cookies.frontdesk)
    await expect(requirePermission(asFrontDesk, context, 'showContacts')).rejects.toMatchObject({ status: 403 })
    await expect(requirePermission(get(world.host, '/contacts', world.cookies.staff), context, 'showContacts')).resolves.toMatchObject({ user: { role: 'ROLE_STAFF' } })
    await expect(requirePermission(get(world.host, '/offers', world.cookies.frontdesk), context, 'showOffers')).resolves.toMatchObject({ user: { role: 'ROLE_FRONTDESK' } })
    expect(await menuOf('ROLE_FRONTDESK')).not.toContain('/contacts')
    expect(await menuOf('ROLE_ADMIN')).toContain('/contacts')

    const view = (await callRoute(rolesLoader, get(world.host, '/settings/roles', world.cookies.admin), context)).body as { values: Record<string, boolean> }
    expect(view.values).toMatchObject({ contactsStaff: true, contactsFrontDesk: false })
  })

  it.each(['staff', 'frontdesk', 'student'] as const)('refuses %s on both screens with 403 and writes nothing', async (who) => {
    const before = await snapshotTenant(platform, world.tenant)
    expect((await postTo(displayAction, '/settings/display', { intent: 'modules' }, world.cookies[who])).status).toBe(403)
    expect((await postTo(rolesAction, '/settings/roles', { intent: 'roles' }, world.cookies[who])).status).toBe(403)
    expect((await callRoute(rolesLoader, get(world.host, '/settings/roles', world.cookies[who]), await contextOf(platform, world.tenant))).status).toBe(403)
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
  })
})
