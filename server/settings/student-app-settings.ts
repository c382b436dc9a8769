import type { Language } from '#server/i18n/languages'
import type { UploadForm } from '#server/files/read-upload-form'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import type { TenantSettings } from '#server/tenancy/tenant-settings'
import { imageFieldsOf, storeImageUploads } from './image-fields'
import { forgetReplacedImages, forgetUnsavedUploads } from './replaced-images'
import { refusal, requireScreen, savedUnlessRefused, type SaveOutcome, type ScreenView, shownFields, text } from './screen-form'
import { updateTenant } from './update-tenant'
import { validateWithUploads } from './validate-with-uploads'

export const STUDENT_APP_SAVED = 'Successfully updated Settings.'

const LABELS = ['appLabel1', 'appLabel2', 'appLabel3', 'appLabel4'] as const
const IMAGES = ['appWelcomeImage1', 'appWelcomeImage2', 'appWelcomeImage3'] as const

/** "A stored primary colour '4d8dfc' is shown as '#4d8dfc'." */
export function colourForDisplay(stored: string): string {
  const hex = stored.trim().replace(/^#/, '').toLowerCase()
  return /^[0-9a-f]{6}$/.test(hex) ? `#${hex}` : ''
}

/** Stored the product's way: six lower-case hex digits without '#'. */
export function colourForStorage(shown: string): string {
  return shown.trim().replace(/^#/, '').toLowerCase()
}

export async function loadStudentAppSettings(platform: Pick<Platform, 'database'>, tenant: Tenant, language: Language = 'en'): Promise<ScreenView> {
  const { descriptor } = await requireScreen(platform, tenant, 'studentapp', language)
  const s = tenant.settings
  return {
    descriptor,
    values: {
      ...Object.fromEntries(LABELS.map((name) => [name, s[name]])),
      appPrimaryColor: colourForDisplay(s.appPrimaryColor),
      ...Object.fromEntries(IMAGES.map((name) => [name, s[name]])),
    },
  }
}

export async function saveStudentAppSettings(platform: Pick<Platform, 'database' | 'tenants' | 'env' | 'caches'>, tenant: Tenant, upload: UploadForm, language: Language = 'en'): Promise<SaveOutcome> {
  const { descriptor } = await requireScreen(platform, tenant, 'studentapp', language)
  const submitted = await validateWithUploads(descriptor, upload, 'studentapp')
  if (!submitted.ok) return refusal('studentapp', submitted)
  const shown = shownFields(descriptor)
  const settings: Partial<TenantSettings> = {}
  for (const name of LABELS) if (shown.has(name)) settings[name] = text(submitted.value.checked, name)
  if (shown.has('appPrimaryColor')) settings.appPrimaryColor = colourForStorage(text(submitted.value.checked, 'appPrimaryColor'))
  for (const name of IMAGES) if (shown.has(name)) settings[name] = text(submitted.value.checked, name)
  const stored = await storeImageUploads(platform.env, tenant, imageFieldsOf(descriptor), upload)
  Object.assign(settings, stored)
  const written = await updateTenant(platform, tenant, { settings })
  if (!written.ok) await forgetUnsavedUploads(platform.env, tenant, stored)
  // The images the settings pointed at are only let go once the settings point elsewhere.
  if (written.ok) {
    await forgetReplacedImages(platform.env, tenant, Object.fromEntries(IMAGES.filter((name) => name in settings).map((name) => [name, settings[name] ?? ''])))
  }
  return savedUnlessRefused(written, STUDENT_APP_SAVED, { intent: 'studentapp', descriptor, values: submitted.value.posted })
}
