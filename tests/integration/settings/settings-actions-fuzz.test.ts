import fc from 'fast-check'
import { asSystem } from '#db/tenant-scope'
import { action as accountAction, loader as accountLoader } from '#app/routes/_admin+/settings+/account'
import { action as customiseAction } from '#app/routes/_admin+/settings+/customise.$key'
import { action as displayAction, loader as displayLoader } from '#app/routes/_admin+/settings+/display'
import { action as paymentAction, loader as paymentLoader } from '#app/routes/_admin+/settings+/paccount'
import { action as rolesAction, loader as rolesLoader } from '#app/routes/_admin+/settings+/roles'
import { action as seoAction, loader as seoLoader } from '#app/routes/_admin+/settings+/seosetting'
import { action as appAction, loader as appLoader } from '#app/routes/_admin+/settings+/studentapp'
import { action as websiteAction, loader as websiteLoader } from '#app/routes/_admin+/settings+/website'
import { shippedDescriptor, shippedDescriptors } from '#screens/index'
import type { FieldSchema, ScreenDescriptor } from '#server/screens/descriptor'
import { tenantSettingsSchema } from '#server/tenancy/tenant-settings'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, type RouteFunction } from '#tests/support/route-call'
import { contextOf, createSettingsWorld, form, get, PNG_BYTES, post, snapshotTenant, type SettingsWorld } from './settings-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)

type View = { descriptor: ScreenDescriptor; values: Record<string, unknown> }

/**
 * Every shipped descriptor screen, by the form that posts it: its route, the intent its
 * SchemaForm posts, and where the loader hands the form its descriptor and values.
 */
const SCREENS: Record<string, { path: string; action: RouteFunction; loader: RouteFunction; intent: string; view: (body: unknown) => View }> = {
  account: { path: '/settings/account', action: accountAction, loader: accountLoader, intent: 'account', view: (body) => body as View },
  'display-modules': { path: '/settings/display', action: displayAction, loader: displayLoader, intent: 'modules', view: (body) => (body as { modules: View }).modules },
  display: { path: '/settings/display', action: displayAction, loader: displayLoader, intent: 'other', view: (body) => (body as { other: View }).other },
  roles: { path: '/settings/roles', action: rolesAction, loader: rolesLoader, intent: 'roles', view: (body) => body as View },
  studentapp: { path: '/settings/studentapp', action: appAction, loader: appLoader, intent: 'studentapp', view: (body) => body as View },
  paccount: { path: '/settings/paccount', action: paymentAction, loader: paymentLoader, intent: 'paccount', view: (body) => body as View },
  website: { path: '/settings/website', action: websiteAction, loader: websiteLoader, intent: 'website', view: (body) => body as View },
  seosetting: { path: '/settings/seosetting', action: seoAction, loader: seoLoader, intent: 'seosetting', view: (body) => body as View },
}

type Entry = [name: string, value: string | (() => File)]

/** A field whose input posts nothing for one of its values: a checkbox, a checkbox group, a radio group. */
function absenceIsAnAnswer(descriptor: ScreenDescriptor, name: string, field: FieldSchema): boolean {
  const ui = descriptor.uiSchema[name]
  const widget = typeof ui === 'object' && ui !== null && !Array.isArray(ui) ? ui['ui:widget'] : undefined
  return field.type === 'boolean' || field.type === 'array' || widget === 'radio'
}

/** What the browser posts for one field of the form as the loader drew it. */
function drawnEntries(name: string, field: FieldSchema, value: unknown): Entry[] {
  if (field.type === 'boolean') return value === true ? [[`root[${name}]`, 'true']] : []
  if (field.type === 'array') return Array.isArray(value) ? value.map((item): Entry => [`root[${name}][]`, String(item)]) : []
  return [[`root[${name}]`, value === undefined || value === null ? '' : String(value)]]
}

const junk = fc.oneof(
  fc.constantFrom('', ' ', 'true', 'false', 'on', '0', '1', '-1', '1e309', 'NaN', '12', '75.5', 'USD', 'INR', 'XXX', '#4d8dfc', 'ffffff', 'India', 'United States', 'Asia/Kolkata'),
  fc.constantFrom('https://example.com', 'javascript:alert(1)', 'book.example.com', 'demo.localhost', 'a@b.co', '<script>alert(1)</script>', 'x'.repeat(3000), '/uploads/../../etc/passwd'),
  fc.string({ maxLength: 30 }),
  fc.string({ maxLength: 20, unit: 'binary' }),
)

const junkFile = fc.constantFrom(
  () => new File([PNG_BYTES], 'a.png', { type: 'image/png' }),
  () => new File(['<svg/>'], 'a.png', { type: 'image/png' }),
  () => new File([], ''),
)

type BodyKind = 'form-data' | 'urlencoded' | 'text/plain' | 'application/json' | 'broken-multipart'

/** A post built from the form as drawn: some fields left out, some values replaced by junk, junk names added. */
function postArbitrary(descriptor: ScreenDescriptor, intent: string) {
  const fields = Object.keys(descriptor.schema.properties)
  const names = fields.flatMap((name) => [`root[${name}]`, `root[${name}][]`, `clear[${name}]`, `upload[${name}]`])
  return fc.record({
    intent: fc.oneof({ weight: 8, arbitrary: fc.constant(intent) }, { weight: 1, arbitrary: fc.constantFrom(undefined, 'nope', '') }),
    // Most posts leave something out; some carry every field.
    dropped: fc.oneof({ weight: 3, arbitrary: fc.subarray(fields, { minLength: 1 }) }, { weight: 2, arbitrary: fc.constant<string[]>([]) }),
    replaced: fc.array(fc.tuple(fc.constantFrom(...fields), junk), { maxLength: 3 }),
    extra: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names, 'root', 'root[]', 'root[__proto__]', 'x'), fc.string({ maxLength: 15 })), fc.oneof({ weight: 5, arbitrary: junk }, { weight: 1, arbitrary: junkFile })), { maxLength: 4 }),
    kind: fc.oneof({ weight: 6, arbitrary: fc.constantFrom<BodyKind>('form-data', 'urlencoded') }, { weight: 1, arbitrary: fc.constantFrom<BodyKind>('text/plain', 'application/json', 'broken-multipart') }),
  })
}

function requestFor(world: SettingsWorld, path: string, entries: Entry[], kind: BodyKind): Request {
  const url = `http://${world.host}${path}`
  const headers = new Headers({ Cookie: world.cookies.admin, Origin: `http://${world.host}` })
  const fields = entries.map(([name, value]): [string, string | File] => [name, typeof value === 'function' ? value() : value])
  if (kind === 'form-data') {
    const data = new FormData()
    for (const [name, value] of fields) data.append(name, value)
    return new Request(url, { method: 'POST', headers, body: data })
  }
  if (kind === 'urlencoded') {
    headers.set('Content-Type', 'application/x-www-form-urlencoded')
    return new Request(url, { method: 'POST', headers, body: new URLSearchParams(fields.map(([name, value]) => [name, typeof value === 'string' ? value : value.name])) })
  }
  if (kind === 'broken-multipart') {
    headers.set('Content-Type', 'multipart/form-data; boundary=zz')
    return new Request(url, { method: 'POST', headers, body: `--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx\r\n--zz\r\nContent-Disposition: form-data; name="root[name]"` })
  }
  headers.set('Content-Type', kind)
  const text = kind === 'application/json' ? JSON.stringify(Object.fromEntries(fields.map(([n, v]) => [n, String(v)]))) : fields.map(([n, v]) => `${n}=${String(v)}`).join('\n')
  return new Request(url, { method: 'POST', headers, body: text })
}

/** Whether a post carries its form's intent and every field the screen draws (unticked boxes aside). */
function isComplete(descriptor: ScreenDescriptor, intent: string, entries: Entry[]): boolean {
  const intents = entries.filter(([name]) => name === 'intent')
  if (intents.length === 0 || intents[0][1] !== intent) return false
  const posted = new Set(entries.map(([name]) => name))
  return Object.entries(descriptor.schema.properties).every(
    ([name, field]) => field.readOnly || absenceIsAnAnswer(descriptor, name, field) || posted.has(`root[${name}]`) || posted.has(`clear[${name}]`),
  )
}

describe(`every settings screen under partial, random and malformed posts (${engine})`, () => {
  let platform: TestPlatform
  let world: SettingsWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createSettingsWorld(platform, 'fuzzy')
    // Stored images, so that a post that blanks them would show in the files as well as the row.
    const context = await contextOf(platform, world.tenant)
    const website = await callRoute(websiteAction, post(world.host, '/settings/website', form({
      intent: 'website', 'root[favIcon]': '', 'root[logo]': '', 'root[logoWidth]': '180', 'root[logoHeight]': '75', 'root[title]': 'Fuzzy Yoga',
      'root[seoDescription]': 'Yoga.', 'root[pageScript]': '', 'root[headerColor]': '#102030', 'root[twitter]': 'https://twitter.com/fuzzy', 'root[facebook]': '',
      'root[instagram]': '', 'root[linkedin]': '', 'root[footerInfo]': '<p>Hello</p>', 'root[googleReviewLink]': '',
      'upload[logo]': new File([PNG_BYTES], 'logo.png', { type: 'image/png' }), 'upload[favIcon]': new File([PNG_BYTES], 'icon.png', { type: 'image/png' }),
    }), world.cookies.admin), context)
    expect(website.status).toBe(302)
    // A complete account, so that a whole post of the form as drawn is valid.
    const account = await callRoute(accountAction, post(world.host, '/settings/account', form({
      intent: 'account', 'root[name]': 'Fuzzy Yoga', 'root[accountOwner]': world.contacts.admin.id, 'root[fromEmailName]': 'Fuzzy Yoga',
      'root[fromEmail]': 'hello@fuzzy.test', 'root[country]': 'United States', 'root[phone]': '555-010-0001', 'root[street]': '1 Main St',
      'root[city]': 'Austin', 'root[state]': 'TX', 'root[zip]': '78701', 'root[timezone]': 'America/Chicago', 'root[dateFormat]': 'MM/dd/YYYY',
      'root[defaultLanguage]': 'en', 'root[itemExpiresAfter]': '12', 'root[customDomain]': '', 'root[aboutOrg]': 'A small studio.',
    }), world.cookies.admin), await contextOf(platform, world.tenant))
    expect(account.status).toBe(302)
  })
  afterAll(() => platform.close())

  it('covers every shipped descriptor screen', () => {
    expect(Object.keys(SCREENS).sort()).toEqual([...shippedDescriptors().keys()].sort())
  })

  // Before the random posts below, which may remove the logo with a whole, valid post.
  it('refuses the body that used to blank Website Settings (x=1) and keeps the logo and its file', async () => {
    const before = await snapshotTenant(platform, world.tenant)
    const outcome = await callRoute(websiteAction, post(world.host, '/settings/website', new URLSearchParams({ x: '1' }), world.cookies.admin), await contextOf(platform, world.tenant))
    expect(outcome.status).toBe(400)
    expect(outcome.body).toMatchObject({ formError: 'Invalid Form!' })
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
    expect(before).toMatch(/"logo":"\/uploads\//)
  })

  for (const [key, screen] of Object.entries(SCREENS)) {
    it(`${key}: a post is either whole, valid and saved, or refused (400) with the row and files unchanged`, async () => {
      const load = async () => screen.view((await callRoute(screen.loader, get(world.host, screen.path, world.cookies.admin), await contextOf(platform, world.tenant))).body)
      const { descriptor } = await load()
      let saved = 0
      await fc.assert(
        fc.asyncProperty(postArbitrary(descriptor, screen.intent), async ({ intent, dropped, replaced, extra, kind }) => {
          const drawn = await load()
          const properties = drawn.descriptor.schema.properties
          const entries: Entry[] = intent === undefined ? [] : [['intent', intent]]
          for (const [name, field] of Object.entries(properties)) {
            if (dropped.includes(name)) continue
            const junkValue = replaced.find(([target]) => target === name)
            entries.push(...(junkValue ? [[`root[${name}]`, junkValue[1]] as Entry] : drawnEntries(name, field, drawn.values[name])))
          }
          entries.push(...extra)

          const before = await snapshotTenant(platform, world.tenant)
          // callRoute rethrows anything that is not a Response: that would be a 500.
          const outcome = await callRoute(screen.action, requestFor(world, screen.path, entries, kind), await contextOf(platform, world.tenant))
          const complete = (kind === 'form-data' || kind === 'urlencoded') && isComplete(drawn.descriptor, screen.intent, entries)

          if (outcome.status === 302) {
            // Saved: only a whole post of the form may be, and what it did not touch stays as it was.
            expect(complete).toBe(true)
            saved++
            const after = await load()
            const untouched = Object.keys(properties).filter((name) => !dropped.includes(name) && !replaced.some(([target]) => target === name) && !extra.some(([n]) => n.includes(`[${name}]`)))
            for (const name of untouched) {
              // Account: a time zone follows the country; Other Settings: the waiver link is cleared with the waiver.
              if (key === 'account' && name === 'timezone') continue
              expect({ [name]: after.values[name] }).toEqual({ [name]: drawn.values[name] })
            }
          } else {
            expect([400, 413, 415]).toContain(outcome.status)
            expect(await snapshotTenant(platform, world.tenant)).toBe(before)
          }
          if (!complete) expect(outcome.status).not.toBe(302)
          const row = await asSystem(platform.database, 'test', (trx) => trx.selectFrom('tenants').select('settings').where('id', '=', world.tenant.id).executeTakeFirstOrThrow())
          expect(tenantSettingsSchema.safeParse(row.settings).success).toBe(true)
        }),
        // The form as drawn, posted whole, is always among the posts: the random ones are whole
        // only now and then, and a run without one would prove nothing about saving.
        { numRuns: RUNS, examples: [[{ intent: screen.intent, dropped: [], replaced: [], extra: [], kind: 'form-data' as BodyKind }]] },
      )
      // The property is only worth something if whole posts were saved along the way.
      expect(saved).toBeGreaterThan(0)
    })
  }

  it.each(['roles', 'display-modules', 'seosetting'])('%s: a post that does not name its form (x=1) changes nothing', async (key) => {
    const screen = SCREENS[key]
    const before = await snapshotTenant(platform, world.tenant)
    const outcome = await callRoute(screen.action, post(world.host, screen.path, new URLSearchParams({ x: '1' }), world.cookies.admin), await contextOf(platform, world.tenant))
    expect(outcome.status).toBe(400)
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
  })

  describe('the customise screen', () => {
    const base = shippedDescriptor('account')
    const fields = Object.keys(base?.schema.properties ?? {})
    const rows = fc.record({
      dropped: fc.oneof(fc.subarray(fields.flatMap((name) => [`label[${name}]`, `help[${name}]`]), { minLength: 1 }), fc.constant<string[]>([])),
      labels: fc.array(fc.tuple(fc.constantFrom(...fields), junk), { maxLength: 3 }),
      extra: fc.array(fc.tuple(fc.constantFrom('move', 'order[]', ...fields.map((name) => `hidden[${name}]`)), junk), { maxLength: 3 }),
    })

    it('saves only whole posts of its rows; anything else is refused and writes nothing', async () => {
      let saved = 0
      await fc.assert(
        fc.asyncProperty(rows, async ({ dropped, labels, extra }) => {
          const entries: Array<[string, string]> = [['intent', 'save']]
          for (const name of fields) {
            entries.push(['order[]', name])
            const label = labels.find(([target]) => target === name)
            if (!dropped.includes(`label[${name}]`)) entries.push([`label[${name}]`, label ? label[1] : ''])
            if (!dropped.includes(`help[${name}]`)) entries.push([`help[${name}]`, ''])
          }
          entries.push(...extra)
          const before = await snapshotTenant(platform, world.tenant)
          const outcome = await callRoute(customiseAction, post(world.host, '/settings/customise/account', new URLSearchParams(entries), world.cookies.admin), await contextOf(platform, world.tenant), { key: 'account' })
          expect([302, 400]).toContain(outcome.status)
          if (dropped.length > 0) expect(outcome.status).toBe(400)
          if (outcome.status === 400) expect(await snapshotTenant(platform, world.tenant)).toBe(before)
          else saved++
        }),
        { numRuns: RUNS },
      )
      expect(saved).toBeGreaterThan(0)
    })
  })
})
