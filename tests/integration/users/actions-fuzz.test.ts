import { parseWithZod } from '@conform-to/zod'
import fc from 'fast-check'
import { asSystem } from '#db/tenant-scope'
import { action as addAction } from '#app/routes/_admin+/settings+/users.add'
import { action as detailAction } from '#app/routes/_admin+/settings+/users.$id'
import { action as pickAction } from '#app/routes/_admin+/settings+/users.pick'
import { contactFormOptionsFor, contactFormSchema } from '#server/contacts/contact-form-schema'
import { isStaffRole } from '#server/shell/roles'
import { userSettingsSchema } from '#server/users/user-settings-schema'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, type RouteOutcome } from '#tests/support/route-call'
import { createUsersWorld, snapshotUserData, type UsersWorld } from './users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const RUNS = 60

/** Field names the forms know, plus junk, so that random bodies hit the real parsing paths. */
const fieldName = fc.oneof(
  fc.constantFrom(
    'role', 'notifySales', 'notifyContact', 'notifyProduct', 'isAccountLocked', 'isTeacher',
    'firstName', 'lastName', 'email', 'phone', 'grnNumber', 'hasSignedWaiverForm', 'subscribeToMailingList',
    'contactId', 'tenant_id', 'role[]', 'email.0', '__proto__',
  ),
  fc.string({ maxLength: 12 }),
)

/** Values that are right, nearly right and plainly wrong. */
const fieldValue = (world: () => UsersWorld) =>
  fc.oneof(
    fc.constantFrom('on', 'off', 'true', '', ' ', 'ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_FRONTDESK', 'ROLE_STUDENT', 'ROLE_OWNER'),
    fc.constantFrom('Ana', 'ana@example.test', 'ANA@EXAMPLE.TEST', 'admin@fuzz.test', '+1 555 010 0100', 'x'.repeat(300)),
    fc.constant(null).map(() => world().staff.guid),
    fc.constant(null).map(() => world().outsider.guid),
    fc.constant(null).map(() => world().student.guid),
    fc.string({ maxLength: 40, unit: 'binary' }),
    fc.string({ maxLength: 20 }).map((text) => `${text}\u0000${text}`),
  )

type ActionKind = 'detail' | 'add' | 'pick'

/** A valid form of each action, so that mutations of it reach the saving paths too. */
const validBase = (world: () => UsersWorld, kind: ActionKind): fc.Arbitrary<[string, string][]> =>
  fc.constant(null).map((): [string, string][] => {
    if (kind === 'detail') return [['role', 'ROLE_FRONTDESK'], ['isTeacher', 'on'], ['notifySales', 'on']]
    if (kind === 'add') return [['firstName', 'Ana'], ['lastName', 'Fuzz'], ['email', 'ana@example.test'], ['phone', '+1 555 010 0100'], ['subscribeToMailingList', 'on']]
    return [['contactId', world().student.guid]]
  })

/** Random bodies, and valid ones with a field perhaps dropped and a little junk added. */
const body = (world: () => UsersWorld, kind: ActionKind) =>
  fc.oneof(
    fc.array(fc.tuple(fieldName, fieldValue(world)), { maxLength: 10 }),
    fc
      .tuple(validBase(world, kind), fc.array(fc.tuple(fieldName, fieldValue(world)), { maxLength: 2 }), fc.option(fc.nat(4), { freq: 2 }))
      .map(([base, extra, drop]): [string, string][] => [...base.filter((_, index) => index !== drop), ...extra]),
  )

const contentType = fc.constantFrom(
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/json',
  'text/plain',
)

describe(`users actions under random and malformed bodies (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  const currentWorld = () => world

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'fuzz')
  })
  afterAll(() => platform.close())

  const post = (path: string, form: FormData | string, type?: string) => {
    const headers = new Headers({ Cookie: world.cookies.admin, Origin: `http://${world.host}` })
    if (type) headers.set('Content-Type', type)
    return new Request(`http://${world.host}${path}`, { method: 'POST', headers, body: form })
  }
  const toForm = (pairs: [string, string][], asMultipart: boolean) => {
    if (!asMultipart) return new URLSearchParams(pairs).toString()
    const form = new FormData()
    for (const [name, value] of pairs) form.append(name, value)
    // A file where text is expected must be a message too, not a crash.
    if (pairs.length % 3 === 0) form.append('firstName', new Blob(['file body']), 'name.txt')
    return form
  }
  const formDataOf = (pairs: [string, string][]) => {
    const form = new FormData()
    for (const [name, value] of pairs) form.append(name, value)
    return form
  }
  const seen: Record<string, number> = {}
  const expectAnswered = (outcome: RouteOutcome, allowed: number[]) => {
    expect(allowed).toContain(outcome.status)
    seen[outcome.status] = (seen[outcome.status] ?? 0) + 1
  }


  it('user detail: never a 500; a refusal writes nothing; a save writes the whole form', async () => {
    await fc.assert(
      fc.asyncProperty(
        body(currentWorld, 'detail'),
        fc.constantFrom('staff', 'admin', 'outsider', 'junk'),
        fc.boolean(),
        async (pairs, who, asMultipart) => {
          const guid = who === 'junk' ? 'not-a-guid' : world[who as 'staff' | 'admin' | 'outsider'].guid
          const before = await snapshotUserData(platform)
          const outcome = await callRoute(
            detailAction,
            post(`/settings/users/${guid}`, toForm(pairs, asMultipart)),
            world.context(),
            { id: guid },
          )
          expectAnswered(outcome, [302, 400, 404])
          if (outcome.status !== 302) {
            expect(await snapshotUserData(platform)).toBe(before)
            return
          }
          const expected = parseWithZod(formDataOf(pairs), { schema: userSettingsSchema })
          if (expected.status !== 'success') throw new Error('saved a form the schema refuses')
          const row = await asSystem(platform.database, 'test check', (trx) =>
            trx.selectFrom('contacts').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow(),
          )
          expect(row).toMatchObject({
            role: expected.value.role,
            is_account_locked: expected.value.isAccountLocked,
            is_teacher: expected.value.isTeacher,
            notify_sales: expected.value.notifySales,
            notify_contact: expected.value.notifyContact,
            notify_product: expected.value.notifyProduct,
          })
        },
      ),
      { numRuns: RUNS },
    )
  })

  it('Create Contact: never a 500; a refusal writes nothing; a save writes one whole contact', async () => {
    const schema = contactFormSchema(contactFormOptionsFor({ isSupportGrn: false, country: 'United States', isMultiCountrySupport: false }))
    await fc.assert(
      fc.asyncProperty(body(currentWorld, 'add'), fc.boolean(), async (pairs, asMultipart) => {
        const before = await snapshotUserData(platform)
        const outcome = await callRoute(addAction, post('/settings/users/add', toForm(pairs, asMultipart)), world.context())
        expectAnswered(outcome, [302, 400])
        if (outcome.status !== 302) {
          expect(await snapshotUserData(platform)).toBe(before)
          return
        }
        const expected = parseWithZod(formDataOf(pairs), { schema })
        if (expected.status !== 'success') throw new Error('saved a form the schema refuses')
        const row = await asSystem(platform.database, 'test check', (trx) =>
          trx.selectFrom('contacts').selectAll().where('email', '=', expected.value.email).executeTakeFirstOrThrow(),
        )
        expect(outcome.location).toBe(`/settings/users/${row.guid}`)
        expect(row).toMatchObject({
          tenant_id: world.tenant.id,
          first_name: expected.value.firstName,
          last_name: expected.value.lastName,
          phone: expected.value.phone,
          grn_number: null,
          role: 'ROLE_STAFF',
          has_signed_waiver_form: expected.value.hasSignedWaiverForm,
          subscribe_to_mailing_list: expected.value.subscribeToMailingList,
        })
        // Clean up so later runs can reuse the email and the check above stays exact.
        await asSystem(platform.database, 'test cleanup', (trx) => trx.deleteFrom('contacts').where('id', '=', row.id).execute())
      }),
      { numRuns: RUNS },
    )
  })

  it('contact picker: never a 500; a refusal writes nothing; a pick makes a staff user', async () => {
    await fc.assert(
      fc.asyncProperty(body(currentWorld, 'pick'), fc.boolean(), async (pairs, asMultipart) => {
        const before = await snapshotUserData(platform)
        const outcome = await callRoute(pickAction, post('/settings/users/pick', toForm(pairs, asMultipart)), world.context())
        expectAnswered(outcome, [302, 400, 404])
        if (outcome.status !== 302) {
          expect(await snapshotUserData(platform)).toBe(before)
          return
        }
        const guid = outcome.location?.split('/').pop() ?? ''
        const row = await asSystem(platform.database, 'test check', (trx) =>
          trx.selectFrom('contacts').select(['role', 'tenant_id']).where('guid', '=', guid).executeTakeFirstOrThrow(),
        )
        expect(row.tenant_id).toBe(world.tenant.id)
        expect(isStaffRole(row.role)).toBe(true)
      }),
      { numRuns: RUNS },
    )
  })

  it('every action answers a malformed body with a status, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('detail', 'add', 'pick'),
        contentType,
        fc.string({ maxLength: 200, unit: 'binary' }),
        async (which, type, raw) => {
          const before = await snapshotUserData(platform)
          const outcome =
            which === 'detail'
              ? await callRoute(detailAction, post(`/settings/users/${world.staff.guid}`, raw, type), world.context(), { id: world.staff.guid })
              : which === 'add'
                ? await callRoute(addAction, post('/settings/users/add', raw, type), world.context())
                : await callRoute(pickAction, post('/settings/users/pick', raw, type), world.context())
          expectAnswered(outcome, [302, 400, 404])
          if (outcome.status !== 302) expect(await snapshotUserData(platform)).toBe(before)
        },
      ),
      { numRuns: RUNS },
    )
  })

  it('the bodies above reached the saving paths as well as the refusals', () => {
    expect(seen['302'] ?? 0).toBeGreaterThan(0)
    expect(seen['400'] ?? 0).toBeGreaterThan(0)
    expect(seen['404'] ?? 0).toBeGreaterThan(0)
  })
})
