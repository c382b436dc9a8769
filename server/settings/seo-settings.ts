import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import { validateScreenPost } from '#server/screens/screen-post'
import type { Tenant } from '#server/tenancy/tenant'
import type { TenantSettings } from '#server/tenancy/tenant-settings'
import { refusal, requireScreen, savedUnlessRefused, type SaveOutcome, type ScreenView, shownFields, text } from './screen-form'
import { API_KEYS, readApiKey } from './tenant-api-keys'
import { updateTenant } from './update-tenant'

export const SEO_SAVED = 'Successfully updated settings.'

export async function loadSeoSettings(platform: Pick<Platform, 'database' | 'env'>, tenant: Tenant, language: Language = 'en'): Promise<ScreenView & { apiKey: string }> {
  const { descriptor } = await requireScreen(platform, tenant, 'seosetting', language)
  const s = tenant.settings
  return {
    descriptor,
    values: { seoKeywords: s.seoKeywords, seoDescription: s.seoDescription },
    apiKey: await readApiKey(platform, tenant, API_KEYS.plugin),
  }
}

export async function saveSeoSettings(platform: Pick<Platform, 'database' | 'tenants' | 'caches'>, tenant: Tenant, form: FormData, language: Language = 'en'): Promise<SaveOutcome> {
  const { descriptor } = await requireScreen(platform, tenant, 'seosetting', language)
  const submitted = validateScreenPost(descriptor, form, 'seosetting')
  if (!submitted.ok) return refusal('seosetting', submitted)
  const shown = shownFields(descriptor)
  const settings: Partial<TenantSettings> = {}
  for (const name of ['seoKeywords', 'seoDescription'] as const) if (shown.has(name)) settings[name] = text(submitted.value.checked, name)
  const written = await updateTenant(platform, tenant, { settings })
  return savedUnlessRefused(written, SEO_SAVED, { intent: 'seosetting', descriptor, values: submitted.value.posted })
}
