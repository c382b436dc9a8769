import type { TenantExecutor } from '#db/tenant-scope'
import type { GuardianRelation } from '#db/tables/contacts'
import { displayNameOf } from './contact-name'

export interface FamilyMember {
  guId: string
  name: string
  email: string | null
  phone: string | null
}

export interface FamilyView {
  /** Who looks after this contact; one of them is the emergency contact. */
  guardians: Array<FamilyMember & { relation: GuardianRelation; isEmergencyContact: boolean }>
  /** Whom this contact looks after, and as what. */
  children: Array<FamilyMember & { relation: GuardianRelation; isEmergencyContact: boolean }>
  /** The other children of this contact's guardians. */
  siblings: FamilyMember[]
}

const memberColumns = ['contacts.guid', 'contacts.first_name', 'contacts.last_name', 'contacts.email', 'contacts.phone'] as const

function member(row: { guid: string; first_name: string; last_name: string; email: string | null; phone: string | null }): FamilyMember {
  return { guId: row.guid, name: displayNameOf(row), email: row.email, phone: row.phone }
}

/** A contact's guardians, children and siblings, each list by name. */
export async function loadContactFamily(trx: TenantExecutor, contactId: string): Promise<FamilyView> {
  const guardians = await trx
    .selectFrom('contact_guardians')
    .innerJoin('contacts', 'contacts.id', 'contact_guardians.guardian_id')
    .select([...memberColumns, 'contact_guardians.relation', 'contact_guardians.is_emergency_contact'])
    .where('contact_guardians.child_id', '=', contactId)
    .orderBy('contacts.sort_name')
    .execute()
  const children = await trx
    .selectFrom('contact_guardians')
    .innerJoin('contacts', 'contacts.id', 'contact_guardians.child_id')
    .select([...memberColumns, 'contact_guardians.relation', 'contact_guardians.is_emergency_contact'])
    .where('contact_guardians.guardian_id', '=', contactId)
    .orderBy('contacts.sort_name')
    .execute()
  const siblings = await trx
    .selectFrom('contact_guardians as mine')
    .innerJoin('contact_guardians as theirs', 'theirs.guardian_id', 'mine.guardian_id')
    .innerJoin('contacts', 'contacts.id', 'theirs.child_id')
    // DISTINCT wants what it is ordered by among its columns.
    .select([...memberColumns, 'contacts.sort_name'])
    .distinct()
    .where('mine.child_id', '=', contactId)
    .where('theirs.child_id', '!=', contactId)
    .orderBy('contacts.sort_name')
    .orderBy('contacts.guid')
    .execute()
  return {
    guardians: guardians.map((row) => ({ ...member(row), relation: row.relation, isEmergencyContact: row.is_emergency_contact })),
    children: children.map((row) => ({ ...member(row), relation: row.relation, isEmergencyContact: row.is_emergency_contact })),
    siblings: siblings.map(member),
  }
}
