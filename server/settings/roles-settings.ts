import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import { validateScreenPost } from '#server/screens/screen-post'
import type { Tenant } from '#server/tenancy/tenant'
import type { RolesSettings } from '#server/tenancy/tenant-settings'
import { bool, refusal, requireScreen, savedUnlessRefused, type SaveOutcome, type ScreenView, shownFields } from './screen-form'
import { updateTenant } from './update-tenant'

export const ROLES_SAVED = 'Successfully updated roles.'

const CARDS = ['classes', 'courses', 'contacts', 'offers'] as const satisfies ReadonlyArray<keyof RolesSettings>

export async function loadRolesSettings(platform: Pick<Platform, 'database'>, tenant: Tenant, language: Language = 'en'): Promise<ScreenView> {
  const { descriptor } = await requireScreen(platform, tenant, 'roles', language)
  const roles = tenant.settings.roles
  const values: Record<string, boolean> = {}
  for (const card of CARDS) {
    values[`${card}Staff`] = roles[card].staff
    values[`${card}FrontDesk`] = roles[card].frontDesk
  }
  return { descriptor, values }
}

/** Saved as the tenant's role settings, which requirePermission and the staff menu read. */
export async function saveRolesSettings(platform: Pick<Platform, 'database' | 'tenants' | 'caches'>, tenant: Tenant, form: FormData, language: Language = 'en'): Promise<SaveOutcome> {
  const { descriptor } = await requireScreen(platform, tenant, 'roles', language)
  const submitted = validateScreenPost(descriptor, form, 'roles')
  if (!submitted.ok) return refusal('roles', submitted)
  const shown = shownFields(descriptor)
  const current = tenant.settings.roles
  const roles = {} as RolesSettings
  for (const card of CARDS) {
    roles[card] = {
      staff: shown.has(`${card}Staff`) ? bool(submitted.value.checked, `${card}Staff`) : current[card].staff,
      frontDesk: shown.has(`${card}FrontDesk`) ? bool(submitted.value.checked, `${card}FrontDesk`) : current[card].frontDesk,
    }
  }
  const written = await updateTenant(platform, tenant, { settings: { roles } })
  return savedUnlessRefused(written, ROLES_SAVED, { intent: 'roles', descriptor, values: submitted.value.posted })
}
