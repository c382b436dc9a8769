import { listFranchises, type FranchiseSummary } from '#server/auth/franchise-switch'
import type { SessionUser } from '#server/auth/session-user'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { Platform } from '#server/platform'
import type { NavigationItem } from '#server/shell/navigation-item'
import { isRole, isStaffRole, ROLE_STUDENT, roleTitle } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { tenantMemo } from '#server/tenancy/tenant-memo'
import { keptSitePages } from '#server/website/list-site-pages'
import { siteIdentityFor, type SiteIdentity } from '#server/website/site-identity'
import { adminMenuFor } from './admin-menu'
import { staffMenuIn } from './staff-menu-words'
import { footerFor, type FooterView } from './footer'
import { menuLinks, shortcutsFor, type Shortcut } from './shortcuts'
import { studentMenuFor } from './student-menu'

/** A safety net for writes made outside the app; app writes drop the entries at once. */
const SHELL_MEMO_TTL_MS = 60_000

export type ShellUser = {
  firstName: string
  fullName: string
  email: string
  /** 'Admin', 'Staff': the role's own title, the same in every language (compared, never shown). */
  roleTitle: string
  /** The role as the user menu shows it, in the page's language ('Admin', 'Yönetici'). */
  roleName: string
  /** Staff on their own identity (not previewing as a student). */
  isStaff: boolean
  isPreviewMode: boolean
  isStudentPreview: boolean
  /** 'Admin View' is offered: some preview is on and the staff identity is kept. */
  canReturnToAdmin: boolean
  isFranchiseMode: boolean
  /** ISO instant the idle time-out ends the session; drives the 'Session Expired' dialog. */
  expiresAt: string
}

export type SignedInShell = {
  kind: 'staff' | 'student'
  site: SiteIdentity
  user: ShellUser
  navigation: NavigationItem[]
  shortcuts: Shortcut[]
  /** What the shortcut picker offers: the user's own menu links. */
  shortcutChoices: Shortcut[]
  /** Children of a master franchise, for 'Switch franchise'; empty hides the menu. */
  franchises: FranchiseSummary[]
  footer: FooterView
}

export function shellUserOf(user: SessionUser, language: Language = 'en'): ShellUser {
  return {
    firstName: user.firstName,
    fullName: user.fullName || user.email,
    email: user.email,
    roleTitle: roleTitle(user.role),
    roleName: isRole(user.role) ? tFor(language, 'staff')(`role_${user.role}`) : roleTitle(user.role),
    isStaff: isStaffRole(user.role),
    isPreviewMode: user.isPreviewMode,
    isStudentPreview: user.isStudentPreview,
    canReturnToAdmin: user.previewedByContactId !== null,
    isFranchiseMode: user.isFranchiseMode,
    expiresAt: user.expiresAt,
  }
}

/**
 * Everything the staff or student layout draws around a screen: menu, shortcuts, franchise
 * switcher and footer, from the tenant as resolved for this request (so settings changes show
 * on the next page).
 */
export async function loadSignedInShell(
  platform: Pick<Platform, 'database' | 'tenants'>,
  input: { tenant: Tenant; user: SessionUser; kind: 'staff' | 'student'; shortcutsCookie: string | null; language?: Language },
): Promise<SignedInShell> {
  const { tenant, user, kind } = input
  const navigation =
    kind === 'staff' && isStaffRole(user.role)
      ? staffMenuIn(adminMenuFor({ tenant, role: user.role }), input.language ?? 'en')
      : studentMenuFor({ tenant, userName: user.fullName })
  const isStaffView = kind === 'staff'
  // Switching needs a staff member on the master's own session, so the list is only read then.
  const mayListFranchises = isStaffView && tenant.isMasterFranchise && !user.isFranchiseMode && !user.previewedByContactId
  // Both change only through writes that invalidate the tenant; read them once, not per page.
  const [pages, franchises] = await Promise.all([
    keptSitePages(platform, tenant),
    mayListFranchises
      ? tenantMemo<FranchiseSummary[]>(platform.tenants, 'franchises', SHELL_MEMO_TTL_MS).get(tenant.id, () => listFranchises(platform, tenant))
      : [],
  ])
  return {
    kind,
    site: siteIdentityFor(tenant),
    user: shellUserOf(user, input.language),
    navigation,
    shortcuts: isStaffView
      ? shortcutsFor({
          cookieValue: input.shortcutsCookie,
          isStudent: user.role === ROLE_STUDENT,
          isShowStoreMenu: tenant.settings.isShowStoreMenu,
          navigation,
        })
      : [],
    shortcutChoices: isStaffView ? menuLinks(navigation) : [],
    franchises,
    footer: footerFor({ tenant, pages, signedIn: { lastActivityAt: user.lastLoginAt }, language: input.language }),
  }
}
