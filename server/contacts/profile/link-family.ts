import { sql } from 'kysely'
import { guardianLinkLines } from '#server/activities/activity-lines'
import type { TenantExecutor } from '#db/tenant-scope'
import type { GuardianRelation } from '#db/tables/contacts'
import { ACTIVITY_TYPES, recordActivity } from '#server/activities/record-activity'
import { err, ok } from '#server/errors/result'
import { displayNameOf } from './contact-name'
import { findContactByGuid } from './find-profile-contact'
import { guardianLinkProblem, type GuardianLink } from './guardian-link-rule'
import type { ProfileChangeContext, ProfileChangeResult } from './profile-change'
import { linkCycleMessage, PROFILE_MESSAGES } from './profile-forms'

/** The links the rule needs: everyone in the child's care, however far down, and the pair itself. */
async function linksAround(trx: TenantExecutor, guardianId: string, childId: string): Promise<GuardianLink[]> {
  const below = await sql<{ guardian_id: string; child_id: string }>`
    with recursive below (guardian_id, child_id) as (
      select guardian_id, child_id from contact_guardians where guardian_id = ${childId}
      union
      select link.guardian_id, link.child_id from contact_guardians link join below on link.guardian_id = below.child_id
    )
    select guardian_id, child_id from below
    union
    select guardian_id, child_id from contact_guardians
    where (guardian_id = ${guardianId} and child_id = ${childId}) or (guardian_id = ${childId} and child_id = ${guardianId})`.execute(trx)
  return below.rows.map((row) => ({ guardianId: row.guardian_id, childId: row.child_id }))
}

/**
 * Links the profile's contact and a chosen one as guardian and child (`role` is what the chosen
 * one becomes). Refused: the contact itself, a pair already linked, and a loop (a child made the
 * guardian of its own guardian, or further up). The child's first guardian becomes its emergency
 * contact.
 */
export async function linkFamily(
  { trx, tenantId, contact }: ProfileChangeContext,
  input: { unverifiedOtherGuid: string; role: 'guardian' | 'child'; relation: GuardianRelation },
): Promise<ProfileChangeResult> {
  const other = await findContactByGuid(trx, input.unverifiedOtherGuid)
  if (!other) return err('not_found', PROFILE_MESSAGES.pickedGone)
  const self = { id: contact.id, first_name: contact.first_name, last_name: contact.last_name, email: contact.email }
  const [guardian, child] = input.role === 'guardian' ? [other, self] : [self, other]
  if (guardian.id === child.id) return err('invalid_input', PROFILE_MESSAGES.linkSelf)

  // Both people are locked, in a fixed order, so two links made at once cannot form a loop together.
  await trx.selectFrom('contacts').select('id').where('id', 'in', [guardian.id, child.id].sort()).orderBy('id').forUpdate().execute()
  const problem = guardianLinkProblem(guardian.id, child.id, await linksAround(trx, guardian.id, child.id))
  if (problem === 'self') return err('invalid_input', PROFILE_MESSAGES.linkSelf)
  if (problem === 'duplicate') return err('invalid_input', PROFILE_MESSAGES.linkDuplicate)
  if (problem === 'cycle') return err('invalid_input', linkCycleMessage(displayNameOf(guardian), displayNameOf(child)))

  const emergency = await trx.selectFrom('contact_guardians').select('guardian_id').where('child_id', '=', child.id).where('is_emergency_contact', '=', true).executeTakeFirst()
  await trx
    .insertInto('contact_guardians')
    .values({ tenant_id: tenantId, guardian_id: guardian.id, child_id: child.id, relation: input.relation, is_emergency_contact: emergency === undefined })
    .execute()
  const details = { guardianId: guardian.id, childId: child.id, relation: input.relation }
  const lines = guardianLinkLines(input.relation, displayNameOf(guardian), displayNameOf(child))
  await recordActivity(trx, { tenantId, contactId: child.id, type: ACTIVITY_TYPES.guardianLinked, text: lines.child, details })
  await recordActivity(trx, { tenantId, contactId: guardian.id, type: ACTIVITY_TYPES.guardianLinked, text: lines.guardian, details })
  return ok({ message: PROFILE_MESSAGES.familyLinked, tab: 'family' })
}
