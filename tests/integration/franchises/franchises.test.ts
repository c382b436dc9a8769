import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import { writeTenantUpload } from '#server/files/tenant-uploads'
import { asSystem, withTenant } from '#db/tenant-scope'
import { FRANCHISE_MESSAGES } from '#server/franchises/franchise-form'
import { ARCHIVED_FRANCHISE_MESSAGES, purgeArchivedTenants, restoreFranchise } from '#server/franchises/archived-franchises'
import { listFranchises } from '#server/auth/franchise-switch'
import { landingAfterLogin } from '#server/auth/landing-after-login'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { callRoute, formPostRequest, getRequest, redirectOrStatus, toastOf, type RouteFunction } from '#tests/support/route-call'
import { createSessionCookie } from '#tests/support/sessions'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import * as listRoute from '#app/routes/_admin+/settings+/franchise._index'
import * as newRoute from '#app/routes/_admin+/settings+/franchise.new'
import * as editRoute from '#app/routes/_admin+/settings+/franchise.edit.$guid'
import * as onboardingRoute from '#app/routes/_session+/onboarding'
import * as placeholderRoute from '#app/routes/_admin+/settings+/franchise.$guid'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

type Answer = { values: Record<string, string>; errors: Record<string, string> }

const VALID = {
  intent: 'save',
  businessName: 'Lotus North',
  orgId: 'lotus-north',
  phone: '555-020-0000',
  timezone: 'America/Chicago',
  userName: 'Nora North',
  email: 'nora@lotus-north.test',
  password: 'correct horse battery',
  line1: '1 Main Street',
  line2: '',
  city: 'Chicago',
  state: 'IL',
  zip: '60601',
}

describe(`franchises of a master franchise (${engine})`, () => {
  let platform: TestPlatform
  let master: Tenant
  let masterAdmin = ''
  let masterStaff = ''
  let plain: Tenant
  let plainAdmin = ''
  let otherMaster: Tenant
  let otherMasterAdmin = ''
  let otherChild: Tenant

  const call = async (fn: RouteFunction, tenant: Tenant, request: Request, params: Record<string, string> = {}) =>
    callRoute(fn, request, contextFor(platform, (await platform.tenants.findById(tenant.id)) ?? tenant), params)
  const url = (tenant: Tenant, path: string) => `http://${tenant.orgId}.localhost${path}`
  const create = (fields: Record<string, string>, tenant = master, cookie = masterAdmin) =>
    call(newRoute.action as RouteFunction, tenant, formPostRequest(url(tenant, '/settings/franchise/new'), fields, cookie))
  const tenantRows = (orgId: string) =>
    asSystem(platform.database, 'test: tenants by org id', (trx) => trx.selectFrom('tenants').select(['id', 'archived_at', 'parent_tenant_id']).where('org_id', '=', orgId).execute())
  const countOf = (table: 'contacts' | 'web_pages', tenantId: string) =>
    asSystem(platform.database, 'test: count', (trx) =>
      trx.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow(),
    ).then((row) => Number(row.n))

  beforeAll(async () => {
    platform = await createTestPlatform()
    master = await createTenant(platform, { orgId: 'fr-master', name: 'Lotus Master', isMasterFranchise: true })
    masterAdmin = await createSessionCookie(platform, master, await createContact(platform, master, { email: 'admin@fr-master.test', role: 'ROLE_ADMIN' }))
    masterStaff = await createSessionCookie(platform, master, await createContact(platform, master, { email: 'staff@fr-master.test', role: 'ROLE_STAFF' }))
    plain = await createTenant(platform, { orgId: 'fr-plain', name: 'Plain Studio' })
    plainAdmin = await createSessionCookie(platform, plain, await createContact(platform, plain, { email: 'admin@fr-plain.test', role: 'ROLE_ADMIN' }))
    otherMaster = await createTenant(platform, { orgId: 'fr-other', name: 'Other Master', isMasterFranchise: true })
    otherMasterAdmin = await createSessionCookie(platform, otherMaster, await createContact(platform, otherMaster, { email: 'admin@fr-other.test', role: 'ROLE_ADMIN' }))
    otherChild = await createTenant(platform, { orgId: 'fr-other-child', name: 'Other Child', parentTenantId: otherMaster.id })
  }, 120_000)
  afterAll(() => platform.close())

  it('creates the tenant, its admin and its standard pages, and lists it', async () => {
    const created = await create(VALID)
    expect(redirectOrStatus(created)).toBe('redirect /settings/franchise')
    expect(toastOf(created)?.message).toBe('Successfully created franchise.')
    const [row] = await tenantRows('lotus-north')
    expect(row?.parent_tenant_id).toBe(master.id)
    const child = await platform.tenants.findByOrgId('lotus-north')
    expect(child?.name).toBe('Lotus North')
    expect(child?.settings.timezone).toBe('America/Chicago')
    expect(child?.settings.address).toMatchObject({ line1: '1 Main Street', city: 'Chicago', state: 'IL', zip: '60601' })
    expect(await countOf('contacts', row?.id ?? '')).toBe(1)
    expect(await countOf('web_pages', row?.id ?? '')).toBeGreaterThan(0)
    const admin = await asSystem(platform.database, 'test: the admin', (trx) =>
      trx.selectFrom('contacts').select(['id', 'role', 'first_name', 'last_name', 'password_hash']).where('tenant_id', '=', row?.id ?? '').executeTakeFirstOrThrow(),
    )
    expect(admin).toMatchObject({ role: 'ROLE_ADMIN', first_name: 'Nora', last_name: 'North' })
    expect(admin.password_hash).toMatch(/^scrypt\$/)
    expect(child?.settings.accountOwner).toBe(admin.id)
    // The franchise's own admin signs it up; the master acting on it is not sent there.
    expect(child?.settings.isNewTenant).toBe(true)
    if (!child) throw new Error('the franchise was not created')
    await expect(landingAfterLogin(platform, child, 'ROLE_ADMIN', '/dashboard')).resolves.toBe('/onboarding')
    const franchiseAdmin = await createSessionCookie(platform, child, admin)
    const wizard = await call(onboardingRoute.loader as RouteFunction, child, getRequest(url(child, '/onboarding'), franchiseAdmin))
    expect((wizard.body as { values: { name: string } }).values.name).toBe('Lotus North')

    const list = await call(listRoute.loader as RouteFunction, master, getRequest(url(master, '/settings/franchise'), masterAdmin))
    const body = list.body as { rows: Array<{ guid: string; orgId: string; tenantId: string; dateCreatedStr: string }>; total: number }
    expect(body.total).toBe(1)
    expect(body.rows[0]).toMatchObject({ guid: row?.id, orgId: 'lotus-north', tenantId: child?.tenantId })
    expect(body.rows[0]?.dateCreatedStr).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
    const searched = await call(listRoute.loader as RouteFunction, master, getRequest(url(master, '/settings/franchise?q=nothing-like-it'), masterAdmin))
    expect((searched.body as { total: number }).total).toBe(0)
  })

  it('leaves nothing behind when a step of the creation fails', async () => {
    // A trigger refuses the admin's insert: the tenant and its pages were already written in the same transaction.
    await sql`create or replace function test_refuse_admin() returns trigger language plpgsql as $$
      begin if new.email = 'boom@lotus-boom.test' then raise exception 'refused by the test'; end if; return new; end $$`.execute(platform.database.db)
    await sql`create trigger test_refuse_admin before insert on contacts for each row execute function test_refuse_admin()`.execute(platform.database.db)
    try {
      await expect(create({ ...VALID, orgId: 'lotus-boom', email: 'boom@lotus-boom.test' })).rejects.toThrow(/refused by the test/)
    } finally {
      await sql`drop trigger test_refuse_admin on contacts`.execute(platform.database.db)
      await sql`drop function test_refuse_admin()`.execute(platform.database.db)
    }
    expect(await tenantRows('lotus-boom')).toEqual([])
    const orphanPages = await asSystem(platform.database, 'test: orphan pages', (trx) =>
      trx.selectFrom('web_pages').leftJoin('tenants', 'tenants.id', 'web_pages.tenant_id').select('web_pages.id').where('tenants.id', 'is', null).execute(),
    )
    expect(orphanPages).toEqual([])
    expect(await platform.tenants.findByOrgId('lotus-boom')).toBeNull()
  })

  it.each([
    ['businessName', { businessName: '  ' }, FRANCHISE_MESSAGES.businessName],
    ['orgId', { orgId: '' }, 'Franchise OrgId is required!'],
    ['orgId', { orgId: 'not a subdomain' }, FRANCHISE_MESSAGES.orgIdShape],
    ['orgId', { orgId: '-edge' }, FRANCHISE_MESSAGES.orgIdShape],
    ['orgId', { orgId: 'www' }, FRANCHISE_MESSAGES.orgIdShape],
    ['orgId', { orgId: 'a'.repeat(64) }, FRANCHISE_MESSAGES.orgIdShape],
    ['phone', { phone: '' }, 'Phone is required!'],
    ['timezone', { timezone: '' }, 'TimeZone is required!'],
    ['timezone', { timezone: 'Mars/Olympus' }, 'TimeZone is required!'],
    ['userName', { userName: '' }, 'Admin name is required!'],
    ['email', { email: '' }, 'Email is required!'],
    ['email', { email: 'not-an-email' }, FRANCHISE_MESSAGES.emailShape],
    ['password', { password: '' }, 'Password is required!'],
    ['city', { city: '' }, 'City is required!'],
    ['state', { state: '' }, 'State is required!'],
    ['zip', { zip: '' }, 'Zip code is required!'],
    ['zip', { zip: '1234' }, 'Zip code must be atleast 5 characters long!'],
    ['zip', { zip: '12345678901' }, 'Zip code should be less than 10 characters long!'],
    ['zip', { zip: '12a45' }, 'Zip code should only contain numbers!'],
  ] as const)('refuses %s with the spec message (%j) and writes nothing', async (field, change, message) => {
    const orgId = `lotus-refused`
    const refused = await create({ ...VALID, orgId, ...change })
    expect(refused.status).toBe(400)
    const answer = refused.body as Answer
    expect(answer.errors[field]).toBe(message)
    expect(answer.errors.form).toBe('Invalid Form!')
    expect(answer.values.password).toBeUndefined()
    expect(await tenantRows(orgId)).toEqual([])
  })

  it('creates nothing from a form posted to the list, which only deletes', async () => {
    const posted = await call(listRoute.action as RouteFunction, master, formPostRequest(url(master, '/settings/franchise?index'), { ...VALID, orgId: 'lotus-listed' }, masterAdmin))
    expect(posted.status).toBe(400)
    expect(await tenantRows('lotus-listed')).toEqual([])
  })

  it('accepts optional street and apartment, and upper-case org ids as lower case', async () => {
    const created = await create({ ...VALID, orgId: 'Lotus-South', email: 'sam@lotus-south.test', line1: '', line2: '' })
    expect(redirectOrStatus(created)).toBe('redirect /settings/franchise')
    expect(await tenantRows('lotus-south')).toHaveLength(1)
  })

  it('refuses an org id another tenant has, archived ones included', async () => {
    for (const orgId of ['lotus-north', 'fr-plain', 'fr-other-child']) {
      const refused = await create({ ...VALID, orgId })
      expect(refused.status).toBe(409)
      expect((refused.body as Answer).errors.orgId).toBe(FRANCHISE_MESSAGES.orgIdTaken)
    }
  })

  it('edits per the update payload, and refuses a taken org id', async () => {
    const [row] = await tenantRows('lotus-south')
    const guid = row?.id ?? ''
    const edit = (fields: Record<string, string>, cookie = masterAdmin, tenant = master) =>
      call(editRoute.action as RouteFunction, tenant, formPostRequest(url(tenant, `/settings/franchise/edit/${guid}`), fields, cookie), { guid })
    const loaded = await call(editRoute.loader as RouteFunction, master, getRequest(url(master, `/settings/franchise/edit/${guid}`), masterAdmin), { guid })
    expect((loaded.body as { franchise: { accountOwnerName: string } }).franchise.accountOwnerName).toBe('Nora North')
    const fields = { intent: 'save', businessName: 'Lotus South Side', orgId: 'lotus-southside', phone: '555-1', fromEmailName: 'South', fromEmail: 'south@lotus.test', line1: '', line2: 'Unit 2', city: 'Austin', state: 'TX', zip: '73301' }
    const saved = await edit(fields)
    expect(redirectOrStatus(saved)).toBe('redirect /settings/franchise')
    expect(toastOf(saved)?.message).toBe('Successfully updated franchise.')
    const child = await platform.tenants.findById(guid)
    expect(child).toMatchObject({ name: 'Lotus South Side', orgId: 'lotus-southside' })
    expect(child?.settings).toMatchObject({ fromEmail: 'south@lotus.test', fromEmailName: 'South', address: { line2: 'Unit 2', city: 'Austin', zip: '73301' } })
    // The old host no longer resolves, the new one does.
    expect(await platform.tenants.findByOrgId('lotus-south')).toBeNull()

    const taken = await edit({ ...fields, orgId: 'lotus-north' })
    expect(taken.status).toBe(409)
    expect((taken.body as Answer).errors.orgId).toBe(FRANCHISE_MESSAGES.orgIdTaken)
    // The account owner is one of the franchise's own admins, never someone of another tenant.
    const loadedAgain = (await call(editRoute.loader as RouteFunction, master, getRequest(url(master, `/settings/franchise/edit/${guid}`), masterAdmin), { guid })).body as {
      franchise: { accountOwner: string; owners: Array<{ value: string }> }
    }
    expect(loadedAgain.franchise.owners.map((owner) => owner.value)).toEqual([loadedAgain.franchise.accountOwner])
    const masterAdminId = await asSystem(platform.database, 'test: the master admin', (trx) =>
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', master.id).where('role', '=', 'ROLE_ADMIN').executeTakeFirstOrThrow(),
    )
    for (const accountOwner of [masterAdminId.id, 'not-an-id']) {
      const refused = await edit({ ...fields, accountOwner })
      expect((refused.body as Answer).errors.accountOwner).toBe(FRANCHISE_MESSAGES.accountOwner)
    }
    expect(redirectOrStatus(await edit({ ...fields, accountOwner: loadedAgain.franchise.accountOwner }))).toBe('redirect /settings/franchise')
    expect((await platform.tenants.findById(guid))?.settings.accountOwner).toBe(loadedAgain.franchise.accountOwner)
    const badZip = await edit({ ...fields, zip: '12' })
    expect((badZip.body as Answer).errors.zip).toBe('Zip code must be atleast 5 characters long!')
    expect((await platform.tenants.findById(guid))?.orgId).toBe('lotus-southside')
  })

  it('answers 404 or 403 on every franchise route to anyone but a master franchise admin', async () => {
    const [row] = await tenantRows('lotus-north')
    const guid = row?.id ?? ''
    const child = (await platform.tenants.findById(guid)) as Tenant
    const childAdmin = await asSystem(platform.database, 'test: the child admin', (trx) => trx.selectFrom('contacts').select('id').where('tenant_id', '=', guid).executeTakeFirstOrThrow())
    const childAdminCookie = await createSessionCookie(platform, child, childAdmin)
    const callers: Array<[string, Tenant, string]> = [
      ['a plain tenant admin', plain, plainAdmin],
      ["the master's staff", master, masterStaff],
      ["the franchise's own admin", child, childAdminCookie],
    ]
    for (const [who, tenant, cookie] of callers) {
      const answers = [
        await call(listRoute.loader as RouteFunction, tenant, getRequest(url(tenant, '/settings/franchise'), cookie)),
        await call(listRoute.action as RouteFunction, tenant, formPostRequest(url(tenant, '/settings/franchise'), { intent: 'delete', guid }, cookie)),
        await call(newRoute.loader as RouteFunction, tenant, getRequest(url(tenant, '/settings/franchise/new'), cookie)),
        await call(newRoute.action as RouteFunction, tenant, formPostRequest(url(tenant, '/settings/franchise/new'), { ...VALID, orgId: 'sneaky' }, cookie)),
        await call(editRoute.loader as RouteFunction, tenant, getRequest(url(tenant, `/settings/franchise/edit/${guid}`), cookie), { guid }),
        await call(placeholderRoute.loader as RouteFunction, tenant, getRequest(url(tenant, `/settings/franchise/${guid}`), cookie), { guid }),
        await call(editRoute.action as RouteFunction, tenant, formPostRequest(url(tenant, `/settings/franchise/edit/${guid}`), { intent: 'delete' }, cookie), { guid }),
      ]
      for (const answer of answers) expect([403, 404], `${who}: ${redirectOrStatus(answer)}`).toContain(answer.status)
    }
    expect(await tenantRows('sneaky')).toEqual([])
    expect((await tenantRows('lotus-north'))[0]?.archived_at).toBeNull()
    // A franchise's own admin sees its own tenant only: no siblings, no master.
    expect(await listFranchises(platform, child)).toEqual([])
    const visible = await withTenant(platform.database, child.id, (trx) => trx.selectFrom('tenants').select('id').execute())
    expect(visible.map((tenant) => tenant.id)).toEqual([child.id])
  })

  it("answers 404 to a master for another master's franchise, on edit and delete", async () => {
    const guid = otherChild.id
    const loaded = await call(editRoute.loader as RouteFunction, master, getRequest(url(master, `/settings/franchise/edit/${guid}`), masterAdmin), { guid })
    expect(loaded.status).toBe(404)
    const edited = await call(editRoute.action as RouteFunction, master, formPostRequest(url(master, `/settings/franchise/edit/${guid}`), { ...VALID, intent: 'save' }, masterAdmin), { guid })
    expect(edited.status).toBe(404)
    const deleted = await call(listRoute.action as RouteFunction, master, formPostRequest(url(master, '/settings/franchise'), { intent: 'delete', guid }, masterAdmin))
    expect(deleted.status).toBe(404)
    const deletedFromEdit = await call(editRoute.action as RouteFunction, master, formPostRequest(url(master, `/settings/franchise/edit/${guid}`), { intent: 'delete' }, masterAdmin), { guid })
    expect(deletedFromEdit.status).toBe(404)
    const placeholder = await call(placeholderRoute.loader as RouteFunction, master, getRequest(url(master, `/settings/franchise/${guid}`), masterAdmin), { guid })
    expect(placeholder.status).toBe(404)
    const notAnId = await call(editRoute.loader as RouteFunction, master, getRequest(url(master, '/settings/franchise/edit/not-an-id'), masterAdmin), { guid: 'not-an-id' })
    expect(notAnId.status).toBe(404)
    expect((await platform.tenants.findById(guid))?.name).toBe('Other Child')
    // The other master still manages it.
    const own = await call(editRoute.loader as RouteFunction, otherMaster, getRequest(url(otherMaster, `/settings/franchise/edit/${guid}`), otherMasterAdmin), { guid })
    expect(own.status).toBe(200)
  })

  it('archives on delete: the franchise leaves the lists and its host stops resolving', async () => {
    const [row] = await tenantRows('lotus-north')
    const guid = row?.id ?? ''
    // Warm the directory's cache first: archiving must drop it.
    expect((await platform.tenants.resolveHost('lotus-north.localhost')).kind).toBe('tenant')
    const confirm = await call(listRoute.loader as RouteFunction, master, getRequest(url(master, `/settings/franchise?delete=${guid}`), masterAdmin))
    expect((confirm.body as { deleting: { guid: string } | null }).deleting?.guid).toBe(guid)
    const deleted = await call(listRoute.action as RouteFunction, master, formPostRequest(url(master, '/settings/franchise?index'), { intent: 'delete', guid }, masterAdmin))
    expect(redirectOrStatus(deleted)).toBe('redirect /settings/franchise')
    expect(toastOf(deleted)?.message).toBe('Successfully deleted franchise')

    const [archived] = await tenantRows('lotus-north')
    expect(archived?.archived_at).toBeInstanceOf(Date)
    expect(await countOf('contacts', guid)).toBe(1)
    expect(await platform.tenants.resolveHost('lotus-north.localhost')).toEqual({ kind: 'unknown' })
    expect(await platform.tenants.findById(guid)).toBeNull()
    const list = await call(listRoute.loader as RouteFunction, master, getRequest(url(master, '/settings/franchise'), masterAdmin))
    expect((list.body as { rows: Array<{ guid: string }> }).rows.map((r) => r.guid)).not.toContain(guid)
    expect((await listFranchises(platform, master)).map((f) => f.id)).not.toContain(guid)
    const again = await call(editRoute.loader as RouteFunction, master, getRequest(url(master, `/settings/franchise/edit/${guid}`), masterAdmin), { guid })
    expect(again.status).toBe(404)
  })

  it('restores a franchise deleted within 30 days, lists only its own master\'s, and purges those past 30 days with every row they had', async () => {
    const [row] = await tenantRows('lotus-north')
    const guid = row?.id ?? ''
    const listed = await call(listRoute.loader as RouteFunction, master, getRequest(url(master, '/settings/franchise'), masterAdmin))
    expect((listed.body as { archived: Array<{ guid: string }> }).archived.map((each) => each.guid)).toContain(guid)
    // Another master sees nothing of it and cannot restore it.
    const theirs = await call(listRoute.loader as RouteFunction, otherMaster, getRequest(url(otherMaster, '/settings/franchise'), otherMasterAdmin))
    expect((theirs.body as { archived: Array<{ guid: string }> }).archived).toEqual([])
    expect((await call(listRoute.action as RouteFunction, otherMaster, formPostRequest(url(otherMaster, '/settings/franchise?index'), { intent: 'restore', guid }, otherMasterAdmin))).status).toBe(404)
    expect((await tenantRows('lotus-north'))[0]?.archived_at).toBeInstanceOf(Date)

    const restored = await call(listRoute.action as RouteFunction, master, formPostRequest(url(master, '/settings/franchise?index'), { intent: 'restore', guid }, masterAdmin))
    expect(redirectOrStatus(restored)).toBe('redirect /settings/franchise')
    expect(toastOf(restored)?.message).toBe(ARCHIVED_FRANCHISE_MESSAGES.restored('Lotus North'))
    expect((await tenantRows('lotus-north'))[0]?.archived_at).toBeNull()
    expect((await platform.tenants.resolveHost('lotus-north.localhost')).kind).toBe('tenant')
    expect(await countOf('contacts', guid)).toBe(1)

    // Deleted again, and 31 days on: not restorable, and the purge takes it with its rows.
    await call(listRoute.action as RouteFunction, master, formPostRequest(url(master, '/settings/franchise?index'), { intent: 'delete', guid }, masterAdmin))
    const later = new Date(Date.now() + 31 * 86_400_000)
    expect((await restoreFranchise(platform, master, guid, later)).ok).toBe(false)
    // Its files on disk, private and public, and the master's own.
    await platform.files.put(guid, 'exports/contacts.csv', new TextEncoder().encode('a,b'))
    const upload = await writeTenantUpload(platform.env, { id: guid }, 'aaaaaaaaaaaaaaaaaaaaaaaa.png', new Uint8Array([1, 2, 3]))
    await platform.files.put(master.id, 'exports/contacts.csv', new TextEncoder().encode('kept'))
    expect(await purgeArchivedTenants(platform, new Date())).toBe(0)
    expect(await platform.files.exists(guid, 'exports/contacts.csv')).toBe(true)
    expect(await purgeArchivedTenants(platform, later)).toBeGreaterThanOrEqual(1)
    expect(await tenantRows('lotus-north')).toEqual([])
    expect(await platform.files.exists(guid, 'exports/contacts.csv')).toBe(false)
    expect(existsSync(join(platform.env.DATA_DIR, 'uploads', guid))).toBe(false)
    expect(upload).toContain('aaaaaaaaaaaaaaaaaaaaaaaa.png')
    expect(await platform.files.exists(master.id, 'exports/contacts.csv')).toBe(true)
    const left = await asSystem(platform.database, 'test: rows left of the purged tenant', async (trx) => {
      const tables = await sql<{ table_name: string }>`select c.table_name from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name where c.column_name = 'tenant_id' and c.data_type = 'uuid' and c.table_schema = 'public' and t.table_type = 'BASE TABLE'`.execute(trx)
      const rows: string[] = []
      for (const { table_name } of tables.rows) {
        const found = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table_name)} where tenant_id = ${guid}`.execute(trx)
        if (Number(found.rows[0]?.n ?? 0) > 0) rows.push(table_name)
      }
      return rows
    })
    expect(left).toEqual([])
  })
})
