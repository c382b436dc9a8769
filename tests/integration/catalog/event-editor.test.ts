import { action as editAction, loader as editLoader } from '#app/routes/_admin+/rules+/$guId'
import { action as newAction } from '#app/routes/_admin+/rules+/new'
import { loader as listLoader } from '#app/routes/_admin+/rules+/_index'
import { asSystem } from '#db/tenant-scope'
import { EVENT_FORM_MESSAGES } from '#server/catalog/items/event-form'
import { callRoute, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

type EditorData = { values: { fields: Record<string, string> }; errors: Record<string, string[]> }

function eventForm(fields: Record<string, string>): FormData {
  const form = new FormData()
  form.set('intent', 'save')
  for (const [name, value] of Object.entries({ startsAt: '2026-12-05T18:30', endsAt: '2026-12-05T21:00', ...fields })) form.set(name, value)
  return form
}

describe(`the event editor (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let withAddress: UsersWorld
  let moduleOff: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'eventeditor', { timezone: 'America/New_York' })
    withAddress = await createUsersWorld(platform, 'eventaddress', { timezone: 'Asia/Kolkata', isAddressNeededForEvent: true })
    moduleOff = await createUsersWorld(platform, 'eventsoff', { isShowEventsMenu: false })
  })
  afterAll(() => platform.close())

  const post = (form: FormData, w = world, guid: string | null = null) =>
    guid === null
      ? callRoute(newAction, formPostRequest(`http://${w.host}/rules/new`, form, w.cookies.admin), w.context())
      : callRoute(editAction, formPostRequest(`http://${w.host}/rules/${guid}`, form, w.cookies.admin), w.context(), { guId: guid })
  const snapshot = () =>
    asSystem(platform.database, 'test snapshot', async (trx) =>
      JSON.stringify({
        items: await trx.selectFrom('catalog_items').selectAll().orderBy('id').execute(),
        events: await trx.selectFrom('event_details').selectAll().orderBy('item_id').execute(),
      }),
    )
  const detailsOf = (location: string | null) =>
    asSystem(platform.database, 'test check', (trx) =>
      trx
        .selectFrom('catalog_items')
        .innerJoin('event_details', 'event_details.item_id', 'catalog_items.id')
        .selectAll('event_details')
        .select(['catalog_items.is_featured', 'catalog_items.guid'])
        .where('catalog_items.guid', '=', (location ?? '').split('/').pop() ?? '')
        .executeTakeFirstOrThrow(),
    )

  it("adds an event whose times are read in the tenant's zone, featured, with capacity and a closing time", async () => {
    const outcome = await post(eventForm({ name: 'Winter Retreat', capacity: '20', registrationClosesAt: '2026-12-04T12:00', isFeatured: 'on', venueName: 'Main hall' }))
    expect(outcome.status).toBe(302)
    expect(toastOf(outcome)?.message).toBe('Winter Retreat is added successfully.')
    const details = await detailsOf(outcome.location)
    expect(new Date(details.starts_at).toISOString()).toBe('2026-12-05T23:30:00.000Z')
    expect(new Date(details.ends_at).toISOString()).toBe('2026-12-06T02:00:00.000Z')
    expect(new Date(details.registration_closes_at ?? 0).toISOString()).toBe('2026-12-04T17:00:00.000Z')
    expect(details).toMatchObject({ capacity: 20, time_zone: 'America/New_York', is_featured: true, venue_name: 'Main hall' })

    const shown = await callRoute(editLoader, getRequest(`http://${world.host}${outcome.location}`, world.cookies.admin), world.context(), { guId: details.guid })
    expect((shown.body as EditorData).values.fields).toMatchObject({ startsAt: '2026-12-05T18:30', endsAt: '2026-12-05T21:00', capacity: '20', isFeatured: 'on' })

    const updated = await post(eventForm({ name: 'Winter Retreat', capacity: '' }), world, details.guid)
    expect(updated.status).toBe(302)
    expect(await detailsOf(updated.location)).toMatchObject({ capacity: null, is_featured: false })
  })

  it.each([
    ['no start', { name: 'E', startsAt: '' }, 'startsAt', EVENT_FORM_MESSAGES.startRequired],
    ['an end before the start', { name: 'E', endsAt: '2026-12-05T17:00' }, 'endsAt', EVENT_FORM_MESSAGES.endBeforeStart],
    ['registration closing after the start', { name: 'E', registrationClosesAt: '2026-12-05T19:00' }, 'registrationClosesAt', EVENT_FORM_MESSAGES.closesAfterStart],
    ['a capacity of 0', { name: 'E', capacity: '0' }, 'capacity', EVENT_FORM_MESSAGES.capacityInvalid],
  ])('refuses %s beside the field and writes nothing', async (_label, fields, key, message) => {
    const before = await snapshot()
    const outcome = await post(eventForm(fields))
    expect(outcome.status).toBe(400)
    expect((outcome.body as EditorData).errors[key]).toContain(message)
    expect(await snapshot()).toBe(before)
  })

  it('requires the address when the tenant needs one for events', async () => {
    const before = await snapshot()
    const missing = await post(eventForm({ name: 'Kirtan', addressLine1: '12 MG Road' }), withAddress)
    expect(missing.status).toBe(400)
    const errors = (missing.body as EditorData).errors
    expect(errors.city).toEqual([EVENT_FORM_MESSAGES.required('City')])
    expect(errors.zip).toEqual([EVENT_FORM_MESSAGES.required('Zip')])
    expect(errors.addressLine1).toBeUndefined()
    expect(errors.addressLine2).toBeUndefined()
    expect(await snapshot()).toBe(before)
    const ok = await post(eventForm({ name: 'Kirtan', addressLine1: '12 MG Road', city: 'Pune', state: 'MH', zip: '411001', country: 'India' }), withAddress)
    expect(ok.status).toBe(302)
    const details = await detailsOf(ok.location)
    expect(details).toMatchObject({ city: 'Pune', zip: '411001', time_zone: 'Asia/Kolkata' })
    expect(new Date(details.starts_at).toISOString()).toBe('2026-12-05T13:00:00.000Z')
  })

  it("answers 404 for another tenant's event and while events are off", async () => {
    const theirs = await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('catalog_items').values({ tenant_id: world.other.id, kind: 'event', name: 'Theirs', slug: 'theirs' }).returning('guid').executeTakeFirstOrThrow(),
    )
    expect((await callRoute(editLoader, getRequest(`http://${world.host}/rules/${theirs.guid}`, world.cookies.admin), world.context(), { guId: theirs.guid })).status).toBe(404)
    const before = await snapshot()
    expect((await post(eventForm({ name: 'Mine' }), world, theirs.guid)).status).toBe(404)
    expect((await callRoute(listLoader, getRequest(`http://${moduleOff.host}/rules`, moduleOff.cookies.admin), moduleOff.context())).status).toBe(404)
    expect((await post(eventForm({ name: 'Off' }), moduleOff)).status).toBe(404)
    expect(await snapshot()).toBe(before)
  })
})
