import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action, loader } from '#app/routes/_admin+/settings+/franchise.push'
import { asSystem } from '#db/tenant-scope'
import type { FranchiseChange } from '#server/franchises/push-settings'
import { PUSH_MESSAGES } from '#server/franchises/push-settings'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { callRoute, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`a master pushes its settings to chosen franchises (${engine})`, () => {
  let platform: TestPlatform
  let master: Tenant
  let north: Tenant
  let south: Tenant
  let stranger: Tenant
  let masterAdmin = ''
  let northAdmin = ''

  beforeAll(async () => {
    platform = await createTestPlatform()
    master = await createTenant(platform, { orgId: 'push-master', name: 'Push Master', isMasterFranchise: true, settings: { isShowEventsMenu: false, cardFees: 3, taxLabel1: 'GST' } })
    north = await createTenant(platform, { orgId: 'push-north', name: 'North', parentTenantId: master.id })
    south = await createTenant(platform, { orgId: 'push-south', name: 'South', parentTenantId: master.id })
    const otherMaster = await createTenant(platform, { orgId: 'push-other', name: 'Other Master', isMasterFranchise: true })
    stranger = await createTenant(platform, { orgId: 'push-stranger', name: 'Stranger', parentTenantId: otherMaster.id })
    masterAdmin = await createSessionCookie(platform, master, await createContact(platform, master, { email: 'admin@push-master.test', role: 'ROLE_ADMIN' }))
    northAdmin = await createSessionCookie(platform, north, await createContact(platform, north, { email: 'admin@push-north.test', role: 'ROLE_ADMIN' }))
  })
  afterAll(() => platform.close())

  const settingsOf = async (tenant: Tenant) => (await asSystem(platform.database, 'test: settings', (trx) => trx.selectFrom('tenants').select('settings').where('id', '=', tenant.id).executeTakeFirstOrThrow())).settings as Record<string, unknown>
  const view = async (query: string) => {
    const outcome = await callRoute(loader, getRequest(`http://push-master.localhost/settings/franchise/push${query}`, masterAdmin), contextFor(platform, master))
    expect(outcome.status).toBe(200)
    return outcome.body as { preview: FranchiseChange[] | null; problem: string | null; franchises: Array<{ id: string }> }
  }
  const push = (fields: URLSearchParams, cookie = masterAdmin, on = master) =>
    callRoute(action, formPostRequest(`http://${on.orgId}.localhost/settings/franchise/push`, fields, cookie), contextFor(platform, on))

  it('offers only its own live franchises, and shows per franchise what will change before anything is written', async () => {
    const page = await view('')
    expect(page.franchises.map((each) => each.id).sort()).toEqual([north.id, south.id].sort())
    expect((await view('?preview=1&franchise=' + north.id)).problem).toBe(PUSH_MESSAGES.chooseGroup)
    const preview = await view(`?preview=1&group=modules&group=payments&franchise=${north.id}&franchise=${stranger.id}`)
    // Another master's franchise named in the address is not shown, let alone changed.
    expect(preview.preview?.map((each) => each.franchiseId)).toEqual([north.id])
    expect(preview.preview?.[0]?.changes).toEqual(
      expect.arrayContaining([
        { setting: 'Events', from: 'On', to: 'Off' },
        { setting: 'Card fees %', from: '0', to: '3' },
        { setting: 'Tax label', from: '', to: 'GST' },
      ]),
    )
    expect((await settingsOf(north)).isShowEventsMenu).toBeUndefined()
  })

  it('writes the chosen groups to the chosen franchises only, and says how many', async () => {
    const pushed = await push(new URLSearchParams([['group', 'modules'], ['franchise', north.id], ['franchise', stranger.id]]))
    expect(pushed.location).toBe('/settings/franchise')
    expect(toastOf(pushed)?.message).toBe('Settings pushed to 1 franchise.')
    expect(await settingsOf(north)).toMatchObject({ isShowEventsMenu: false })
    expect((await settingsOf(north)).cardFees).toBeUndefined()
    expect((await settingsOf(south)).isShowEventsMenu).toBeUndefined()
    expect((await settingsOf(stranger)).isShowEventsMenu).toBeUndefined()
    expect((await platform.tenants.findById(north.id))?.settings.isShowEventsMenu).toBe(false)
    const again = await view(`?preview=1&group=modules&franchise=${north.id}`)
    expect(again.preview?.[0]?.changes).toEqual([])
  })

  it("pushes the master's email templates by name: added where missing, replaced where the franchise has its own, its others kept", async () => {
    const templatesOf = (tenant: Tenant) =>
      asSystem(platform.database, 'test: templates', (trx) => trx.selectFrom('email_templates').select(['name', 'subject', 'body_html']).where('tenant_id', '=', tenant.id).execute()).then((rows) =>
        rows.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())),
      )
    await asSystem(platform.database, 'test: templates to push', async (trx) => {
      await trx
        .insertInto('email_templates')
        .values([
          { tenant_id: master.id, name: 'invoice_pending', subject: 'Your invoice from {{orgname}}', body_html: '<p>Please pay it soon.</p>' },
          { tenant_id: master.id, name: 'Welcome', subject: 'Welcome, {{firstname}}', body_html: '<p>Glad you came.</p>' },
          { tenant_id: south.id, name: 'INVOICE_PENDING', subject: 'Old subject', body_html: '<p>Old words.</p>' },
          { tenant_id: south.id, name: 'South only', subject: 'Ours', body_html: '<p>Kept.</p>' },
        ])
        .execute()
    })
    const preview = await view(`?preview=1&group=templates&franchise=${south.id}`)
    expect(preview.preview?.[0]?.changes).toHaveLength(2)
    expect(preview.preview?.[0]?.changes).toEqual(
      expect.arrayContaining([
        { setting: 'Email template invoice_pending', from: 'Its own version', to: "The master's" },
        { setting: 'Email template Welcome', from: 'None', to: "The master's" },
      ]),
    )
    expect(await templatesOf(south)).toHaveLength(2)

    const fields = new URLSearchParams([['group', 'templates'], ['franchise', south.id], ['franchise', stranger.id]])
    expect(toastOf(await push(fields))).toEqual({ type: 'success', message: PUSH_MESSAGES.pushed(1) })
    expect(await templatesOf(south)).toEqual([
      { name: 'INVOICE_PENDING', subject: 'Your invoice from {{orgname}}', body_html: '<p>Please pay it soon.</p>' },
      { name: 'South only', subject: 'Ours', body_html: '<p>Kept.</p>' },
      { name: 'Welcome', subject: 'Welcome, {{firstname}}', body_html: '<p>Glad you came.</p>' },
    ])
    // Another master's franchise gets nothing; pushing again changes nothing more.
    expect(await templatesOf(stranger)).toEqual([])
    expect((await view(`?preview=1&group=templates&franchise=${south.id}`)).preview?.[0]?.changes).toEqual([])
  })

  it('refuses an empty choice in words, and is not there for a franchise admin', async () => {
    const empty = await push(new URLSearchParams([['group', 'modules']]))
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual({ problem: PUSH_MESSAGES.chooseFranchise })
    expect((await push(new URLSearchParams([['group', 'modules'], ['franchise', south.id]]), northAdmin, north)).status).toBe(404)
    expect((await settingsOf(south)).isShowEventsMenu).toBeUndefined()
  })
})
