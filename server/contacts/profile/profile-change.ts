import type { TenantExecutor } from '#db/tenant-scope'
import type { WordedResult } from '#server/errors/result'
import type { ProfileContactRow } from './find-profile-contact'
import type { ProfileTab } from './profile-tabs'

/** Who is changing a profile, and which profile: what every change below is given. */
export interface ProfileChangeContext {
  trx: TenantExecutor
  tenantId: string
  contact: ProfileContactRow
  actor: { contactId: string; fullName: string }
}

/** A change done (what to tell, which tab to go back to), or refused with its words. */
export type ProfileChangeResult = WordedResult<{ message: string; tab: ProfileTab }, 'invalid_input' | 'not_found'>
