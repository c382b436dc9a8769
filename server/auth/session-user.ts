import type { Language } from '#server/i18n/languages'
import type { Role } from '#server/shell/roles'

/** The signed-in person of a request, as every loader and action sees them. */
export type SessionUser = {
  sessionId: string
  /** The contact whose identity the session carries (the previewed student in preview-as-contact). */
  contactId: string
  guid: string
  /** The tenant the session acts on: the host's tenant (a franchise child in franchise mode). */
  tenantId: string
  email: string
  firstName: string
  lastName: string
  fullName: string
  /** ROLE_STUDENT during Student Preview and preview as a contact. */
  role: Role
  /** ISO instant at which the idle time-out ends the session unless it is refreshed. */
  expiresAt: string
  /** Web Preview: staff looking at the public site. */
  isPreviewMode: boolean
  /** Student Preview or preview as a contact: the student portal. */
  isStudentPreview: boolean
  /** The staff contact that 'Admin View' restores, while previewing. */
  previewedByContactId: string | null
  /** Acting on a child franchise on behalf of the master franchise ('Master View' returns). */
  isFranchiseMode: boolean
  lastLoginAt: string | null
  /** The language the person chose for their pages (My Profile, the switcher), or null. */
  language: Language | null
}

/** The columns of a contact a session needs. */
export interface SessionContact {
  id: string
  guid: string
  email: string | null
  first_name: string
  last_name: string
  role: string | null
  is_account_locked: boolean
  last_login_at: Date | null
  language: string | null
}

export const sessionContactColumns = [
  'id',
  'guid',
  'email',
  'first_name',
  'last_name',
  'role',
  'is_account_locked',
  'last_login_at',
  'language',
] as const

export function fullNameOf(contact: Pick<SessionContact, 'first_name' | 'last_name'>): string {
  return `${contact.first_name} ${contact.last_name}`.trim()
}
