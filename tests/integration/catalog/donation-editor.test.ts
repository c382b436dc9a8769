import { action as editAction, loader as editLoader } from '#app/routes/_admin+/donation+/$guId'
import { action as newAction } from '#app/routes/_admin+/donation+/new'
import { loader as listLoader } from '#app/routes/_admin+/donation+/_index'
import { asSystem } from '#db/tenant-scope'
import { DONATION_FORM_MESSAGES } from '#server/catalog/items/donation-form'
import { callRoute, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

type EditorData = { values: { fields: Record<string, string>; priceOptions: unknown[] }; errors: Record<string, string[]> }
type ListData = { rows: Array<{ name: string; goal: string | null }> }

function campaignForm(fields: Record<string, string>): FormData {
  const form = new FormData()
  form.set('intent', 'save')
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return form
}

const roof = { name: 'New Roof Fund', suggestedAmounts: '10, 25, 50.50', isOtherAmountAllowed: 'on', isOneTimeAllowed: 'on', isRecurringAllowed: 'on', recurringFrequency: 'monthly', goal: '5000' }

describe(`the donation campaign editor (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let moduleOff: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'donationeditor')
    moduleOff = await createUsersWorld(platform, 'donationoff', { isShowDonationMenu: false })
  })
  afterAll(() => platform.close())

  const url = (path: string, host = world.host) => `http://${host}${path}`
  const post = (form: FormData, guid: string | null = null, w = world) =>
    guid === null
      ? callRoute(newAction, formPostRequest(url('/donation/new', w.host), form, w.cookies.admin), w.context())
      : callRoute(editAction, formPostRequest(url(`/donation/${guid}`, w.host), form, w.cookies.admin), w.context(), { guId: guid })
  const snapshot = () =>
    asSystem(platform.database, 'test snapshot', async (trx) =>
      JSON.stringify({
        items: await trx.selectFrom('catalog_items').selectAll().orderBy('id').execute(),
        details: await trx.selectFrom('donation_details').selectAll().orderBy('item_id').execute(),
        options: await trx.selectFrom('item_price_options').selectAll().orderBy('id').execute(),
      }),
    )
  const detailsOf = (location: string | null) =>
    asSystem(platform.database, 'test check', (trx) =>
      trx
        .selectFrom('catalog_items')
        .innerJoin('donation_details', 'donation_details.item_id', 'catalog_items.id')
        .select([
          'catalog_items.kind',
          'catalog_items.payment_type',
          'donation_details.tenant_id',
          'donation_details.currency',
          'donation_details.suggested_amounts_minor',
          'donation_details.is_other_amount_allowed',
          'donation_details.is_one_time_allowed',
          'donation_details.is_recurring_allowed',
          'donation_details.recurring_frequency',
          'donation_details.goal_minor',
        ])
        .where('catalog_items.guid', '=', (location ?? '').split('/').pop() ?? '')
        .executeTakeFirstOrThrow(),
    )

  it('adds a campaign with suggested amounts, recurring gifts and a goal, shows it again, and edits it', async () => {
    const added = await post(campaignForm(roof))
    expect(added.status).toBe(302)
    expect(toastOf(added)?.message).toBe('New Roof Fund is added successfully.')
    expect(await detailsOf(added.location)).toMatchObject({
      kind: 'donation',
      payment_type: 'DONATION',
      tenant_id: world.tenant.id,
      currency: world.tenant.settings.defaultCurrency,
      suggested_amounts_minor: [1000, 2500, 5050],
      is_other_amount_allowed: true,
      is_one_time_allowed: true,
      is_recurring_allowed: true,
      recurring_frequency: 'monthly',
      goal_minor: 500000,
    })
    const guid = (added.location ?? '').split('/').pop() ?? ''
    const editor = await callRoute(editLoader, getRequest(url(`/donation/${guid}`), world.cookies.admin), world.context(), { guId: guid })
    expect((editor.body as EditorData).values.fields).toMatchObject({ suggestedAmounts: '10.00, 25.00, 50.50', goal: '5000.00', isRecurringAllowed: 'on', recurringFrequency: 'monthly' })
    expect((editor.body as EditorData).values.priceOptions).toEqual([])

    const edited = await post(campaignForm({ ...roof, suggestedAmounts: '100', isOtherAmountAllowed: '', isRecurringAllowed: '', goal: '' }), guid)
    expect(edited.status).toBe(302)
    expect(await detailsOf(edited.location)).toMatchObject({ suggested_amounts_minor: [10000], is_other_amount_allowed: false, is_recurring_allowed: false, goal_minor: null })

    const list = await callRoute(listLoader, getRequest(url('/donation'), world.cookies.admin), world.context())
    expect((list.body as ListData).rows.map((row) => [row.name, row.goal])).toContainEqual(['New Roof Fund', null])
  })

  it.each([
    ['an amount that is not a number', { suggestedAmounts: '10, lots' }, 'suggestedAmounts', DONATION_FORM_MESSAGES.amountsInvalid('lots')],
    ['a zero amount', { suggestedAmounts: '0, 10' }, 'suggestedAmounts', DONATION_FORM_MESSAGES.amountsZero],
    ['seven amounts', { suggestedAmounts: '1 2 3 4 5 6 7' }, 'suggestedAmounts', DONATION_FORM_MESSAGES.amountsTooMany],
    ['an amount twice', { suggestedAmounts: '10, 10.00' }, 'suggestedAmounts', DONATION_FORM_MESSAGES.amountsRepeated],
    ['no amount at all to give', { suggestedAmounts: '', isOtherAmountAllowed: '' }, 'suggestedAmounts', DONATION_FORM_MESSAGES.nothingToGive],
    ['neither one-time nor recurring gifts', { isOneTimeAllowed: '', isRecurringAllowed: '' }, 'isOneTimeAllowed', DONATION_FORM_MESSAGES.noFrequency],
    ['an unknown frequency', { recurringFrequency: 'fortnightly' }, 'recurringFrequency', DONATION_FORM_MESSAGES.frequencyInvalid],
    ['a goal in words', { goal: 'a lot' }, 'goal', DONATION_FORM_MESSAGES.goalInvalid],
    ['a goal of zero', { goal: '0' }, 'goal', DONATION_FORM_MESSAGES.goalZero],
  ])('refuses %s beside the field and writes nothing', async (_label, change, key, message) => {
    const before = await snapshot()
    const outcome = await post(campaignForm({ ...roof, name: 'Refused', ...change }))
    expect(outcome.status).toBe(400)
    expect((outcome.body as EditorData).errors[key]).toContain(message)
    expect((outcome.body as EditorData).values.fields.name).toBe('Refused')
    expect(await snapshot()).toBe(before)
  })

  it('ignores price options posted to a campaign', async () => {
    const form = campaignForm({ ...roof, name: 'No Prices' })
    form.set('priceOptions[0].name', 'Sneaky')
    form.set('priceOptions[0].price', '5')
    const added = await post(form)
    expect(added.status).toBe(302)
    const guid = (added.location ?? '').split('/').pop() ?? ''
    const options = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('item_price_options').innerJoin('catalog_items', 'catalog_items.id', 'item_price_options.item_id').select('item_price_options.name').where('catalog_items.guid', '=', guid).execute(),
    )
    expect(options).toEqual([])
  })

  it("answers 404 for another tenant's campaign and writes nothing", async () => {
    const theirs = await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('catalog_items').values({ tenant_id: world.other.id, kind: 'donation', name: 'Theirs', slug: 'theirs', payment_type: 'DONATION' }).returning('guid').executeTakeFirstOrThrow(),
    )
    expect((await callRoute(editLoader, getRequest(url(`/donation/${theirs.guid}`), world.cookies.admin), world.context(), { guId: theirs.guid })).status).toBe(404)
    const before = await snapshot()
    expect((await post(campaignForm(roof), theirs.guid)).status).toBe(404)
    expect(await snapshot()).toBe(before)
  })

  it('answers 404 while donations are switched off, and 403 to a student', async () => {
    expect((await callRoute(listLoader, getRequest(url('/donation', moduleOff.host), moduleOff.cookies.admin), moduleOff.context())).status).toBe(404)
    const before = await snapshot()
    expect((await post(campaignForm(roof), null, moduleOff)).status).toBe(404)
    expect(await snapshot()).toBe(before)
    expect((await callRoute(listLoader, getRequest(url('/donation'), world.cookies.student), world.context())).status).toBe(403)
  })
})
