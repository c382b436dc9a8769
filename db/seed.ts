import type { Transaction } from 'kysely'
import type { DatabaseHandle } from './connection'
import { addDemoCatalog } from './seed-catalog'
import { addDemoOffers } from './seed-offers'
import { DEMO_CURRENCY, DEMO_TIME_ZONE } from './seed-catalog-data'
import { addDemoContacts, addDemoFamiliesAndNotes } from './seed-contacts'
import { demoPeople, demoTrialForm, masterAdminEmail } from './seed-data'
import { addPeople, createTenant } from './create-tenant'
import { asSystem } from './tenant-scope'
import type { Database } from './types'

export interface SeedOptions {
  masterOrgId: string
  /** Demo tenants and people; off in production unless asked for. */
  includeDemo: boolean
  demoPassword: string
  hashPassword: (password: string) => Promise<string>
  /** The moment the demo's dates are counted from (classes, events, bookings); now by default. */
  now?: Date
}

export interface SeedResult {
  seeded: boolean
}

/** Fills an empty database: the master tenant, and the demo tenants with their people, pages, form and catalog. */
export async function seedDatabase(handle: DatabaseHandle, options: SeedOptions): Promise<SeedResult> {
  const passwordHash = options.includeDemo ? await options.hashPassword(options.demoPassword) : null
  return asSystem(handle, 'seed an empty database', async (trx) => {
    const existing = await trx.selectFrom('tenants').select('id').limit(1).executeTakeFirst()
    if (existing) return { seeded: false }

    const master = await createTenant(trx, { orgId: options.masterOrgId, name: 'Studio Platform', isMasterFranchise: false })
    if (!options.includeDemo || !passwordHash) return { seeded: true }

    await addPeople(trx, master, [{ firstName: 'Morgan', lastName: 'Master', email: masterAdminEmail, role: 'ROLE_ADMIN' }], passwordHash)
    const demo = await createTenant(trx, {
      orgId: 'demo',
      name: 'Demo Yoga Studio',
      isMasterFranchise: true,
      settings: {
        email: 'hello@demo.test',
        phone: '555-010-0000',
        title: 'Demo Yoga Studio',
        seoDescription: 'Yoga classes, workshops and teacher training in the heart of town.',
        address: { line1: '12 Market Street', city: 'Springfield', state: 'IL', zip: '62701' },
        socials: { facebook: 'https://facebook.com/demo', instagram: 'https://instagram.com/demo' },
        timezone: DEMO_TIME_ZONE,
        defaultCurrency: DEMO_CURRENCY,
      },
    })
    await addPeople(trx, demo, demoPeople, passwordHash)
    await addDemoContacts(trx, demo)
    await addDemoFamiliesAndNotes(trx, demo, 'admin@demo.test')
    await addDemoForm(trx, demo)
    await addDemoCatalog(trx, demo, options.now)
    await addDemoOffers(trx, demo, options.now)
    // The demo studio shows every feature, custom domains included: Leap, arranged through
    // 'Contact Us' (no card, no renewal). Its limit is Leap's (server/plans/plan-catalogue.ts).
    await trx.insertInto('tenant_plans').values({ tenant_id: demo, plan_id: 'leap_yearly_plan', period: 'yearly', contact_limit: 50_000, started_at: options.now ?? new Date() }).execute()
    const east = await createTenant(trx, {
      orgId: 'demo-east',
      name: 'Demo Yoga Studio East',
      isMasterFranchise: false,
      parentTenantId: demo,
    })
    await addPeople(trx, east, [{ firstName: 'Eli', lastName: 'East', email: 'admin@demo-east.test', role: 'ROLE_ADMIN' }], passwordHash)
    return { seeded: true }
  })
}

/** The demo form with its custom fields, published (docs/decisions/040). */
async function addDemoForm(trx: Transaction<Database>, tenantId: string): Promise<void> {
  const fields = await trx
    .insertInto('custom_fields')
    .values(
      demoTrialForm.fields.map((field) => ({
        tenant_id: tenantId,
        name: field.name,
        tag: field.tag,
        type: field.type,
        is_mandatory: 'isMandatory' in field ? field.isMandatory : false,
        help_text: 'helpText' in field ? field.helpText : '',
        options: JSON.stringify('options' in field ? field.options : []),
      })),
    )
    .returning(['id', 'tag'])
    .execute()
  const fieldIdByTag = new Map(fields.map((field) => [field.tag, field.id]))
  const form = await trx
    .insertInto('custom_forms')
    .values({
      tenant_id: tenantId,
      name: demoTrialForm.name,
      form_type: demoTrialForm.formType,
      is_name: true,
      is_email: true,
      is_phone: true,
      is_sign_required: true,
      before_form_html: demoTrialForm.beforeFormHtml,
      sub_header_html: demoTrialForm.subHeaderHtml,
      after_form_html: demoTrialForm.afterFormHtml,
      is_published: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('custom_form_fields')
    .values(
      demoTrialForm.fields.map((field, index) => ({
        tenant_id: tenantId,
        form_id: form.id,
        field_id: fieldIdByTag.get(field.tag) ?? '',
        sequence: index + 1,
      })),
    )
    .execute()
}
