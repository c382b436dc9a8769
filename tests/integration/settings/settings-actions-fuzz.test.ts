import fc from 'fast-check'
import { asSystem } from '#db/tenant-scope'
import { action as accountAction } from '#app/routes/_admin.settings.account'
import { action as customiseAction } from '#app/routes/_admin.settings.customise.$key'
import { action as displayAction } from '#app/routes/_admin.settings.display'
import { action as paymentAction } from '#app/routes/_admin.settings.paccount'
import { action as rolesAction } from '#app/routes/_admin.settings.roles'
import { action as seoAction } from '#app/routes/_admin.settings.seosetting'
import { action as appAction } from '#app/routes/_admin.settings.studentapp'
import { action as websiteAction } from '#app/routes/_admin.settings.website'
import { shippedDescriptor } from '#screens/index'
import { tenantSettingsSchema } from '#server/tenancy/tenant-settings'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, type RouteFunction } from '#tests/support/route-call'
import { contextOf, createSettingsWorld, PNG_BYTES, snapshotTenant, type SettingsWorld } from './settings-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)

type Action = RouteFunction

const screens: Array<{ path: string; action: unknown; key: string; intents: string[]; params?: Record<string, string> }> = [
  { path: '/settings/account', action: accountAction, key: 'account', intents: ['account', 'logo', 'regenerate-api-key'] },
  { path: '/settings/display', action: displayAction, key: 'display', intents: ['modules', 'other'] },
  { path: '/settings/roles', action: rolesAction, key: 'roles', intents: ['roles'] },
  { path: '/settings/studentapp', action: appAction, key: 'studentapp', intents: ['studentapp'] },
  { path: '/settings/paccount', action: paymentAction, key: 'paccount', intents: ['paccount'] },
  { path: '/settings/website', action: websiteAction, key: 'website', intents: ['website'] },
  { path: '/settings/seosetting', action: seoAction, key: 'seosetting', intents: ['seosetting', 'refresh-api-key'] },
  { path: '/settings/customise/account', action: customiseAction, key: 'account', intents: ['save', 'reset'], params: { key: 'account' } },
]

function namesOf(key: string): string[] {
  const descriptor = shippedDescriptor(key)
  if (!descriptor) return []
  const fields = Object.keys(descriptor.schema.properties)
  return [
    ...fields.flatMap((name) => [`root[${name}]`, `root[${name}][]`, `clear[${name}]`, `upload[${name}]`, `label[${name}]`, `help[${name}]`, `hidden[${name}]`]),
    'order[]', 'move', 'root', 'root[]', 'root[__proto__]', 'root[constructor][prototype]', 'upload[logo]',
  ]
}

const value = fc.oneof(
  fc.constantFrom('', ' ', 'true', 'false', 'on', '0', '1', '-1', '1e309', 'NaN', '12', '75.5', 'USD', 'INR', 'XXX', '#4d8dfc', 'ffffff', 'India', 'United States', 'Asia/Kolkata'),
  fc.constantFrom('https://example.com', 'javascript:alert(1)', 'book.example.com', 'demo.localhost', 'a@b.co', '<script>alert(1)</script>', 'x'.repeat(3000), 'name:up', 'zip:down'),
  fc.string({ maxLength: 30 }),
  fc.string({ maxLength: 20, unit: 'binary' }),
)

const fileValue = fc.constantFrom(
  () => new File([PNG_BYTES], 'a.png', { type: 'image/png' }),
  () => new File(['<svg/>'], 'a.png', { type: 'image/png' }),
  () => new File([], ''),
)

const body = (key: string, intents: string[]) =>
  fc.tuple(
    fc.option(fc.constantFrom(...intents, 'nope'), { nil: undefined }),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...namesOf(key)), fc.string({ maxLength: 15 })), fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: fileValue })), { maxLength: 14 }),
    fc.constantFrom('form-data', 'urlencoded', 'text/plain', 'application/json', 'broken-multipart'),
  )

function requestFor(host: string, path: string, cookie: string, [intent, entries, kind]: [string | undefined, Array<[string, string | (() => File)]>, string]): Request {
  const headers = new Headers({ Cookie: cookie, Origin: `http://${host}` })
  const fields: Array<[string, string | File]> = [...(intent ? [['intent', intent] as [string, string]] : []), ...entries.map(([name, v]): [string, string | File] => [name, typeof v === 'function' ? v() : v])]
  let payload: BodyInit
  if (kind === 'form-data') {
    const data = new FormData()
    for (const [name, v] of fields) data.append(name, v)
    payload = data
  } else if (kind === 'urlencoded') {
    payload = new URLSearchParams(fields.map(([name, v]) => [name, typeof v === 'string' ? v : v.name]))
  } else if (kind === 'broken-multipart') {
    headers.set('Content-Type', 'multipart/form-data; boundary=zz')
    payload = `--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${intent ?? ''}\r\n--zz\r\nContent-Disposition: form-data; name="root[name]"`
  } else {
    headers.set('Content-Type', kind)
    payload = kind === 'application/json' ? JSON.stringify(Object.fromEntries(fields.map(([n, v]) => [n, String(v)]))) : fields.map(([n, v]) => `${n}=${String(v)}`).join('\n')
  }
  return new Request(`http://${host}${path}`, { method: 'POST', headers, body: payload })
}

describe(`settings actions under random and malformed bodies (${engine})`, () => {
  let platform: TestPlatform
  let world: SettingsWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createSettingsWorld(platform, 'fuzzy')
  })
  afterAll(() => platform.close())

  for (const screen of screens) {
    it(`${screen.path}: never a 500, and a refused post writes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(body(screen.key, screen.intents), async (input) => {
          const before = await snapshotTenant(platform, world.tenant)
          const request = requestFor(world.host, screen.path, world.cookies.admin, input as [string | undefined, Array<[string, string | (() => File)]>, string])
          // callRoute rethrows anything that is not a Response: that would be a 500.
          const outcome = await callRoute(screen.action as Action, request, await contextOf(platform, world.tenant), screen.params)
          expect([302, 400]).toContain(outcome.status)
          if (outcome.status === 400) expect(await snapshotTenant(platform, world.tenant)).toBe(before)
          // Whatever was saved is a whole, valid settings document.
          const row = await asSystem(platform.database, 'test', (trx) => trx.selectFrom('tenants').select('settings').where('id', '=', world.tenant.id).executeTakeFirstOrThrow())
          expect(tenantSettingsSchema.safeParse(row.settings).success).toBe(true)
        }),
        { numRuns: RUNS },
      )
    })
  }
})
