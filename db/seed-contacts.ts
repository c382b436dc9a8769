import { sql, type Transaction } from 'kysely'
import type { Database } from './types'
import { CONTACT_STATUS_COLUMN as STATUS_COLUMN } from '#db/tables/contacts'

type Status = keyof typeof STATUS_COLUMN

interface DemoContact {
  first: string
  last: string
  email: string
  phone?: string
  statuses: Status[]
  tags?: string[]
  category?: string
  salesStage?: string
  accountStage?: string
  walkIn?: boolean
  /** Cents; negative is owed to the studio. */
  balance?: number
  /** How long ago the contact joined, so the list's relative dates vary. */
  daysAgo: number
  barcode?: string
}

export const DEMO_TAGS = ['Beginner', 'Morning', 'Evening', 'Teacher Training', 'Prenatal', 'Family Plan', 'Newsletter', 'Workshop'] as const

/**
 * About forty people on the demo studio's books: three families, names with accents, every
 * status, tags, stages, walk-ins and balances owed or in credit, so the contacts list shows what
 * a real studio's would. Nobody here can sign in.
 */
export const demoContacts: DemoContact[] = [
  { first: 'María', last: 'García', email: 'maria.garcia@example.test', phone: '555-010-0201', statuses: ['client', 'member'], tags: ['Family Plan', 'Morning'], category: 'Yoga', accountStage: 'Active', balance: -4500, daysAgo: 400, barcode: 'DYS-1001' },
  { first: 'José', last: 'García', email: 'jose.garcia@example.test', phone: '555-010-0202', statuses: ['client', 'member'], tags: ['Family Plan'], category: 'Yoga', accountStage: 'Active', daysAgo: 400, barcode: 'DYS-1002' },
  { first: 'Lucía', last: 'García', email: 'lucia.garcia@example.test', statuses: ['member'], tags: ['Family Plan', 'Beginner'], category: 'Kids', accountStage: 'Active', daysAgo: 120, barcode: 'DYS-1003' },
  { first: 'Mateo', last: 'García', email: 'mateo.garcia@example.test', statuses: ['member'], tags: ['Family Plan'], category: 'Kids', accountStage: 'Active', daysAgo: 120, barcode: 'DYS-1004' },
  { first: 'Chloé', last: 'Dubois', email: 'chloe.dubois@example.test', phone: '555-010-0211', statuses: ['client'], tags: ['Evening'], category: 'Pilates', accountStage: 'Active', balance: 2000, daysAgo: 210 },
  { first: 'François', last: 'Dubois', email: 'francois.dubois@example.test', phone: '555-010-0212', statuses: ['client', 'followup'], tags: ['Evening', 'Workshop'], category: 'Pilates', salesStage: 'Proposal', daysAgo: 205 },
  { first: 'Søren', last: 'Kierkegaard', email: 'soren.k@example.test', phone: '+45 20 12 34 56', statuses: ['lead'], tags: ['Newsletter'], salesStage: 'New', daysAgo: 3 },
  { first: 'Zoë', last: 'Müller', email: 'zoe.mueller@example.test', phone: '555-010-0221', statuses: ['client', 'member'], tags: ['Prenatal', 'Morning'], category: 'Yoga', accountStage: 'Active', balance: -12000, daysAgo: 60 },
  { first: 'Jürgen', last: 'Müller', email: 'juergen.mueller@example.test', statuses: ['inactive'], category: 'Yoga', accountStage: 'Lapsed', daysAgo: 700 },
  { first: 'Siobhán', last: "O'Connor", email: 'siobhan.oconnor@example.test', phone: '555-010-0231', statuses: ['client'], tags: ['Teacher Training'], category: 'Teacher Training', accountStage: 'Active', balance: -85000, daysAgo: 95 },
  { first: 'Nguyễn', last: 'Thị Lan', email: 'lan.nguyen@example.test', phone: '555-010-0232', statuses: ['lead', 'followup'], tags: ['Beginner'], salesStage: 'Contacted', daysAgo: 1 },
  { first: 'Kenji', last: 'Watanabe', email: 'kenji.watanabe@example.test', statuses: ['client'], tags: ['Evening'], category: 'Yoga', accountStage: 'Active', daysAgo: 33 },
  { first: 'Amara', last: 'Nwosu', email: 'amara.nwosu@example.test', phone: '555-010-0241', statuses: ['member'], tags: ['Morning', 'Workshop'], category: 'Yoga', accountStage: 'Active', balance: 1500, daysAgo: 18 },
  { first: 'Olivia', last: 'Bennett', email: 'olivia.bennett@example.test', phone: '555-010-0251', statuses: ['client', 'member'], tags: ['Family Plan'], category: 'Yoga', accountStage: 'Active', daysAgo: 250 },
  { first: 'Noah', last: 'Bennett', email: 'noah.bennett@example.test', statuses: ['member'], tags: ['Family Plan', 'Beginner'], category: 'Kids', accountStage: 'Active', daysAgo: 250 },
  { first: 'Emma', last: 'Bennett', email: 'emma.bennett@example.test', statuses: ['member'], tags: ['Family Plan'], category: 'Kids', accountStage: 'Active', daysAgo: 14 },
  { first: 'Liam', last: 'Chen', email: 'liam.chen@example.test', phone: '555-010-0261', statuses: ['lead'], tags: ['Newsletter'], salesStage: 'New', walkIn: true, daysAgo: 0 },
  { first: 'Mei', last: 'Chen', email: 'mei.chen@example.test', phone: '555-010-0262', statuses: ['client'], tags: ['Prenatal'], category: 'Yoga', accountStage: 'Trial', daysAgo: 6 },
  { first: 'Raj', last: 'Sharma', email: 'raj.sharma@example.test', statuses: ['staff'], tags: ['Teacher Training'], category: 'Teacher Training', daysAgo: 500 },
  { first: 'Ananya', last: 'Iyer', email: 'ananya.iyer@example.test', phone: '555-010-0271', statuses: ['client', 'followup'], tags: ['Workshop'], category: 'Pilates', salesStage: 'Negotiation', balance: -2500, daysAgo: 45 },
  { first: 'Tomás', last: 'Silva', email: 'tomas.silva@example.test', statuses: ['lead'], salesStage: 'Contacted', walkIn: true, daysAgo: 2 },
  { first: 'Beatriz', last: 'Santos', email: 'beatriz.santos@example.test', phone: '555-010-0281', statuses: ['client'], tags: ['Morning'], category: 'Yoga', accountStage: 'Active', daysAgo: 80 },
  { first: 'Hannah', last: 'Levi', email: 'hannah.levi@example.test', statuses: ['other'], tags: ['Newsletter'], daysAgo: 150 },
  { first: 'Ibrahim', last: 'Haddad', email: 'ibrahim.haddad@example.test', phone: '555-010-0291', statuses: ['client', 'member'], tags: ['Evening'], category: 'Pilates', accountStage: 'Active', balance: -6000, daysAgo: 27 },
  { first: 'Fatima', last: 'Haddad', email: 'fatima.haddad@example.test', statuses: ['member'], tags: ['Evening', 'Family Plan'], category: 'Pilates', accountStage: 'Active', daysAgo: 27 },
  { first: 'Grace', last: 'Kim', email: 'grace.kim@example.test', phone: '555-010-0301', statuses: ['lead'], tags: ['Beginner', 'Newsletter'], salesStage: 'Qualified', daysAgo: 9 },
  { first: 'Daniel', last: 'Kowalski', email: 'daniel.kowalski@example.test', statuses: ['inactive'], category: 'Yoga', accountStage: 'Cancelled', balance: -1800, daysAgo: 900 },
  { first: 'Élodie', last: 'Martin', email: 'elodie.martin@example.test', phone: '555-010-0311', statuses: ['client'], tags: ['Workshop', 'Morning'], category: 'Yoga', accountStage: 'Active', daysAgo: 11 },
  { first: 'Björn', last: 'Andersson', email: 'bjorn.andersson@example.test', statuses: ['followup'], salesStage: 'Proposal', daysAgo: 40 },
  { first: 'Aisha', last: 'Bello', email: 'aisha.bello@example.test', phone: '555-010-0321', statuses: ['client', 'member'], tags: ['Prenatal'], category: 'Yoga', accountStage: 'Active', balance: 500, daysAgo: 70 },
  { first: 'Carlos', last: 'Mendoza', email: 'carlos.mendoza@example.test', statuses: ['lead'], walkIn: true, salesStage: 'New', daysAgo: 0 },
  { first: 'Yuki', last: 'Tanaka', email: 'yuki.tanaka@example.test', phone: '555-010-0331', statuses: ['staff', 'member'], tags: ['Teacher Training'], category: 'Teacher Training', daysAgo: 365 },
  { first: 'Olga', last: 'Petrova', email: 'olga.petrova@example.test', statuses: ['inactive', 'other'], accountStage: 'Lapsed', daysAgo: 600 },
  { first: 'Sean', last: 'Murphy', email: 'sean.murphy@example.test', phone: '555-010-0341', statuses: ['client'], tags: ['Evening'], category: 'Pilates', accountStage: 'Trial', walkIn: true, daysAgo: 4 },
]

/** Adds the demo contacts and their tags to a tenant (seed only, inside its system transaction). */
export async function addDemoContacts(trx: Transaction<Database>, tenantId: string): Promise<void> {
  const tags = await trx
    .insertInto('tags')
    .values(DEMO_TAGS.map((name) => ({ tenant_id: tenantId, name })))
    .returning(['id', 'name'])
    .execute()
  const tagIdByName = new Map(tags.map((tag) => [tag.name, tag.id]))
  const rows = await trx
    .insertInto('contacts')
    .values(
      demoContacts.map((contact) => ({
        tenant_id: tenantId,
        first_name: contact.first,
        last_name: contact.last,
        email: contact.email,
        phone: contact.phone ?? null,
        category: contact.category ?? null,
        sales_stage: contact.salesStage ?? null,
        account_stage: contact.accountStage ?? null,
        is_walk_in: contact.walkIn ?? false,
        balance_minor: contact.balance ?? 0,
        barcode: contact.barcode ?? null,
        has_signed_waiver_form: contact.statuses.includes('member'),
        subscribe_to_mailing_list: contact.tags?.includes('Newsletter') ?? false,
        created_at: sql<Date>`now() - make_interval(days => ${contact.daysAgo})`,
        updated_at: sql<Date>`now() - make_interval(days => ${Math.floor(contact.daysAgo / 3)})`,
        ...Object.fromEntries(contact.statuses.map((status) => [STATUS_COLUMN[status], true])),
      })),
    )
    .returning(['id', 'email'])
    .execute()
  const idByEmail = new Map(rows.map((row) => [row.email, row.id]))
  const links = demoContacts.flatMap((contact) =>
    (contact.tags ?? []).map((tag) => ({ tenant_id: tenantId, contact_id: idByEmail.get(contact.email) ?? '', tag_id: tagIdByName.get(tag) ?? '' })),
  )
  await trx.insertInto('contact_tags').values(links).execute()
}

/** The demo families (the contacts list's three surnames): guardian, relation, children; the first guardian is the emergency contact. */
export const DEMO_FAMILIES: ReadonlyArray<{ guardians: Array<{ email: string; relation: 'guardian' | 'mother' | 'father' }>; children: string[] }> = [
  {
    guardians: [
      { email: 'maria.garcia@example.test', relation: 'mother' },
      { email: 'jose.garcia@example.test', relation: 'father' },
    ],
    children: ['lucia.garcia@example.test', 'mateo.garcia@example.test'],
  },
  { guardians: [{ email: 'olivia.bennett@example.test', relation: 'mother' }], children: ['noah.bennett@example.test', 'emma.bennett@example.test'] },
  { guardians: [{ email: 'ibrahim.haddad@example.test', relation: 'father' }], children: ['fatima.haddad@example.test'] },
]

/** Staff notes by the demo admin, days ago, on people of the demo list. */
export const DEMO_NOTES: ReadonlyArray<{ email: string; body: string; daysAgo: number }> = [
  { email: 'maria.garcia@example.test', body: 'Asked about a family discount for the kids’ summer camp. Follow up once the schedule is out.', daysAgo: 12 },
  { email: 'maria.garcia@example.test', body: 'Paid the October balance in cash at the front desk.', daysAgo: 40 },
  { email: 'siobhan.oconnor@example.test', body: 'Teacher training: missed module 3, offered the make-up session on Saturday.', daysAgo: 5 },
  { email: 'francois.dubois@example.test', body: 'Interested in private Pilates sessions; prefers evenings after 6 pm.', daysAgo: 2 },
]

/**
 * Links the demo families and writes the demo admin's notes (seed only, after the demo people
 * and contacts): the profile's Family and Notes sections have something to show.
 */
export async function addDemoFamiliesAndNotes(trx: Transaction<Database>, tenantId: string, adminEmail: string): Promise<void> {
  const people = await trx.selectFrom('contacts').select(['id', 'email', 'first_name', 'last_name']).where('tenant_id', '=', tenantId).execute()
  const idOf = (email: string) => {
    const found = people.find((person) => person.email === email)
    if (!found) throw new Error(`seed: no demo contact ${email}`)
    return found.id
  }
  await trx
    .insertInto('contact_guardians')
    .values(
      DEMO_FAMILIES.flatMap((family) =>
        family.children.flatMap((child) =>
          family.guardians.map((guardian, index) => ({
            tenant_id: tenantId,
            guardian_id: idOf(guardian.email),
            child_id: idOf(child),
            relation: guardian.relation,
            is_emergency_contact: index === 0,
          })),
        ),
      ),
    )
    .execute()
  const admin = people.find((person) => person.email === adminEmail)
  if (!admin) throw new Error(`seed: no demo admin ${adminEmail}`)
  await trx
    .insertInto('contact_notes')
    .values(
      DEMO_NOTES.map((note) => ({
        tenant_id: tenantId,
        contact_id: idOf(note.email),
        author_contact_id: admin.id,
        author_name: `${admin.first_name} ${admin.last_name}`.trim(),
        body: note.body,
        created_at: sql<Date>`now() - make_interval(days => ${note.daysAgo})`,
        updated_at: sql<Date>`now() - make_interval(days => ${note.daysAgo})`,
      })),
    )
    .execute()
}
