import { action as editAction, loader as editLoader } from '#app/routes/_admin+/memberships+/$guId'
import { action as newAction } from '#app/routes/_admin+/memberships+/new'
import { loader as listLoader } from '#app/routes/_admin+/memberships+/_index'
import { asSystem } from '#db/tenant-scope'
import { PRICE_OPTION_MESSAGES } from '#server/catalog/price-options'
import { callRoute, formPostRequest, getRequest } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

type EditorData = { values: { priceOptions: Array<Record<string, unknown>> }; errors: Record<string, string[]> }

function planForm(rows: Array<Record<string, string>>): FormData {
  const form = new FormData()
  form.set('intent', 'save')
  form.set('name', 'Class Passes')
  rows.forEach((row, index) => {
    for (const [name, value] of Object.entries(row)) form.set(`priceOptions[${index}].${name}`, value)
  })
  return form
}

describe(`the membership plan editor (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let storeOff: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'plans')
    storeOff = await createUsersWorld(platform, 'plansoff', { isShowStoreMenu: false })
  })
  afterAll(() => platform.close())

  const post = (form: FormData, w = world, guid: string | null = null) =>
    guid === null
      ? callRoute(newAction, formPostRequest(`http://${w.host}/memberships/new`, form, w.cookies.admin), w.context())
      : callRoute(editAction, formPostRequest(`http://${w.host}/memberships/${guid}`, form, w.cookies.admin), w.context(), { guId: guid })
  const snapshot = () =>
    asSystem(platform.database, 'test snapshot', async (trx) =>
      JSON.stringify({
        items: await trx.selectFrom('catalog_items').selectAll().orderBy('id').execute(),
        options: await trx.selectFrom('item_price_options').selectAll().orderBy('id').execute(),
      }),
    )

  it('adds a plan with a 10-class card and a monthly unlimited with a 7-day trial, and shows them again', async () => {
    const outcome = await post(
      planForm([
        { name: '10-class card', price: '150', 'membershipDetails.membershipType': 'card', 'membershipDetails.credits': '10' },
        {
          name: 'Monthly unlimited',
          price: '99',
          'membershipDetails.membershipType': 'recurring',
          'membershipDetails.registrationFees': '25',
          'membershipDetails.numberOfBillingCycles': '12',
          frequency: 'monthly',
          billingDayOfMonth: '1',
          isBillFromNextMonth: 'on',
          trialPeriod: 'on',
          trialDuration: '7',
          trialDurationUnit: 'days',
          // A recurring plan ignores a card's credits typed without JavaScript.
          'membershipDetails.credits': '5',
        },
      ]),
    )
    expect(outcome.status).toBe(302)
    const guid = (outcome.location ?? '').split('/').pop() ?? ''
    const options = await asSystem(platform.database, 'test check', (trx) =>
      trx
        .selectFrom('item_price_options')
        .innerJoin('catalog_items', 'catalog_items.id', 'item_price_options.item_id')
        .select(['item_price_options.name', 'membership_type', 'credits', 'frequency', 'billing_day_of_month', 'is_bill_from_next_month', 'number_of_billing_cycles', 'registration_fee_minor', 'is_trial_period', 'trial_duration', 'trial_duration_unit', 'catalog_items.kind'])
        .where('catalog_items.guid', '=', guid)
        .orderBy('sequence')
        .execute(),
    )
    expect(options).toEqual([
      { name: '10-class card', membership_type: 'card', credits: 10, frequency: null, billing_day_of_month: null, is_bill_from_next_month: false, number_of_billing_cycles: null, registration_fee_minor: 0, is_trial_period: false, trial_duration: null, trial_duration_unit: null, kind: 'membership' },
      { name: 'Monthly unlimited', membership_type: 'recurring', credits: null, frequency: 'monthly', billing_day_of_month: 1, is_bill_from_next_month: true, number_of_billing_cycles: 12, registration_fee_minor: 2500, is_trial_period: true, trial_duration: 7, trial_duration_unit: 'days', kind: 'membership' },
    ])
    const shown = await callRoute(editLoader, getRequest(`http://${world.host}/memberships/${guid}`, world.cookies.admin), world.context(), { guId: guid })
    const rows = (shown.body as EditorData).values.priceOptions
    expect(rows[1]).toMatchObject({ frequency: 'monthly', trialPeriod: 'on', trialDuration: '7', membershipDetails: { membershipType: 'recurring', registrationFees: '25.00', numberOfBillingCycles: '12', credits: '' } })
  })

  it.each([
    ['a card without credits', { name: 'Card', price: '10', 'membershipDetails.membershipType': 'card' }, 'priceOptions[0].membershipDetails.credits', PRICE_OPTION_MESSAGES.creditsRequired],
    ['a recurring plan without frequency', { name: 'Monthly', price: '10', 'membershipDetails.membershipType': 'recurring' }, 'priceOptions[0].frequency', PRICE_OPTION_MESSAGES.frequencyRequired],
    ['a trial without duration', { name: 'Monthly', price: '10', 'membershipDetails.membershipType': 'recurring', frequency: 'monthly', trialPeriod: 'on', trialDurationUnit: 'days' }, 'priceOptions[0].trialDuration', PRICE_OPTION_MESSAGES.trialDurationRequired],
    ['a billing day on a weekly plan', { name: 'Weekly', price: '10', 'membershipDetails.membershipType': 'recurring', frequency: 'weekly', billingDayOfMonth: '3' }, 'priceOptions[0].billingDayOfMonth', PRICE_OPTION_MESSAGES.billingDayNeedsMonths],
  ])('refuses %s beside the field and writes nothing', async (_label, row, key, message) => {
    const before = await snapshot()
    const outcome = await post(planForm([row]))
    expect(outcome.status).toBe(400)
    expect((outcome.body as EditorData).errors[key]).toContain(message)
    expect(await snapshot()).toBe(before)
  })

  it("answers 404 for another tenant's plan and while the store is off", async () => {
    const theirs = await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('catalog_items').values({ tenant_id: world.other.id, kind: 'membership', name: 'Theirs', slug: 'theirs' }).returning('guid').executeTakeFirstOrThrow(),
    )
    expect((await callRoute(editLoader, getRequest(`http://${world.host}/memberships/${theirs.guid}`, world.cookies.admin), world.context(), { guId: theirs.guid })).status).toBe(404)
    const before = await snapshot()
    expect((await post(planForm([]), world, theirs.guid)).status).toBe(404)
    expect((await callRoute(listLoader, getRequest(`http://${storeOff.host}/memberships`, storeOff.cookies.admin), storeOff.context())).status).toBe(404)
    expect((await post(planForm([]), storeOff)).status).toBe(404)
    expect(await snapshot()).toBe(before)
  })
})
