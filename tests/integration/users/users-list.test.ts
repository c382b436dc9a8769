import { asSystem } from '#db/tenant-scope'
import { loader } from '#app/routes/_admin+/settings+/users._index'
import type { StaffUserList } from '#server/users/list-staff-users'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, getRequest } from '#tests/support/route-call'
import { createUsersWorld, type UsersWorld } from './users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`Users list: /settings/users (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'ulist', { timezone: 'Asia/Kolkata' })
    await asSystem(platform.database, 'test fixture', async (trx) => {
      await trx
        .insertInto('contacts')
        .values(
          Array.from({ length: 12 }, (_, index) => ({
            tenant_id: world.tenant.id,
            first_name: 'Coach',
            last_name: String(index).padStart(2, '0'),
            email: `coach${index}@ulist.test`,
            role: 'ROLE_STAFF',
            is_teacher: index % 2 === 0,
          })),
        )
        .execute()
      await trx.insertInto('contacts').values({ tenant_id: world.tenant.id, first_name: 'Lead', last_name: 'Only', email: 'lead@ulist.test', role: null }).execute()
      await trx
        .updateTable('contacts')
        .set({ last_login_at: '2026-03-04T05:06:00Z' })
        .where('id', '=', world.frontDesk.id)
        .execute()
    })
  })
  afterAll(() => platform.close())

  const list = async (search = '', cookie: string | null = world.cookies.admin) => {
    const outcome = await callRoute(loader, getRequest(`http://${world.host}/settings/users${search}`, cookie), world.context())
    return { outcome, body: outcome.body as StaffUserList & { contactForm: { supportsGrn: boolean } } }
  }

  it('shows staff users only, 10 to a page, sorted by name', async () => {
    const { body } = await list()
    expect(body.total).toBe(15)
    expect(body.pageCount).toBe(2)
    expect(body.rows).toHaveLength(10)
    expect(body.rows[0]?.name).toBe('Ada Admin')
    const names = body.rows.map((row) => row.name)
    expect(names).not.toContain('Stu Dent')
    expect(names).not.toContain('Lead Only')
    expect(names).not.toContain('Otto Outsider')
  })

  it('shows each column as the spec asks: role title-cased without ROLE_, teacher flag, last login or -', async () => {
    const { body } = await list('?q=desk')
    expect(body.rows).toEqual([
      {
        guid: world.frontDesk.guid,
        name: 'Fran Desk',
        email: 'desk@ulist.test',
        role: 'ROLE_FRONTDESK',
        roleTitle: 'Frontdesk',
        isTeacher: false,
        isAccountLocked: false,
        // 05:06 UTC in the organisation's zone (Kolkata) and its date format.
        lastLogin: { dateTime: '2026-03-04T05:06:00.000Z', text: '03/04/2026 10:36 AM' },
      },
    ])
    const { body: admins } = await list('?q=ada')
    expect(admins.rows[0]).toMatchObject({ roleTitle: 'Admin', lastLogin: null })
  })

  it('pages on the server, with the offered sizes only', async () => {
    const second = await list('?page=2')
    expect(second.body.rows).toHaveLength(5)
    expect(second.body.page).toBe(2)
    const five = await list('?size=5&page=3')
    expect(five.body.rows.map((row) => row.name)).toEqual(['Coach 09', 'Coach 10', 'Coach 11', 'Fran Desk', 'Sam Staff'])
    const odd = await list('?size=7')
    expect(odd.body.query.size).toBe(10)
    // A page past the end shows the last page.
    const past = await list('?page=99')
    expect(past.body.page).toBe(2)
    expect(past.body.rows).toHaveLength(5)
  })

  it('sorts by any column either way; an unknown column falls back to name', async () => {
    const byEmailDesc = await list('?sort=email&dir=desc&size=100')
    const emails = byEmailDesc.body.rows.map((row) => row.email)
    expect(emails).toEqual([...emails].sort().reverse())
    const teachersFirst = await list('?sort=teacher&dir=desc&size=100')
    expect(teachersFirst.body.rows.slice(0, 6).every((row) => row.isTeacher)).toBe(true)
    const byLogin = await list('?sort=lastLogin&dir=desc')
    expect(byLogin.body.rows[0]?.name).toBe('Fran Desk')
    const byRole = await list('?sort=role&size=100')
    expect(byRole.body.rows[0]?.role).toBe('ROLE_ADMIN')
    const unknown = await list('?sort=password_hash&dir=sideways')
    expect(unknown.body.query).toMatchObject({ sort: 'name', dir: 'asc' })
    expect(unknown.body.rows[0]?.name).toBe('Ada Admin')
  })

  it('filters on the server by name, email or role, case-insensitively, wildcards literal', async () => {
    expect((await list('?q=COACH 1')).body.rows.map((row) => row.name)).toEqual(['Coach 10', 'Coach 11'])
    expect((await list('?q=admin')).body.rows.map((row) => row.name)).toEqual(['Ada Admin'])
    expect((await list('?q=%25')).body.total).toBe(0)
    expect((await list('?q=nobody-at-all')).body.rows).toEqual([])
  })

  it('tells the page whether the organisation asks for GRN numbers', async () => {
    expect((await list()).body.contactForm.supportsGrn).toBe(false)
  })

  it('needs an admin', async () => {
    for (const cookie of [world.cookies.staff, world.cookies.frontDesk, world.cookies.student]) {
      expect((await list('', cookie)).outcome.status).toBe(403)
    }
    const signedOut = await list('?page=2', null)
    expect(signedOut.outcome.status).toBe(302)
    expect(signedOut.outcome.location).toBe('/login?redirectTo=%2Fsettings%2Fusers%3Fpage%3D2')
  })
})
