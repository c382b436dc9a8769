import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import { validateScreenPost } from '#server/screens/screen-post'
import type { Tenant } from '#server/tenancy/tenant'
import type { TenantSettings } from '#server/tenancy/tenant-settings'
import { bool, refusal, requireScreen, savedUnlessRefused, type SaveOutcome, type ScreenView, shownFields, text } from './screen-form'
import { updateTenant } from './update-tenant'

export const SETTINGS_SAVED = 'Successfully updated settings.'
export const MULTI_COUNTRY_SAVED = 'Updated multi country support'

/** 'Manage Modules' and 'Engage Modules' toggles, the menu flags of spec 000. */
export const MODULE_FLAGS = [
  'isShowEventsMenu',
  'isShowScheduleMenu',
  'isShowDonationMenu',
  'isShowMerchandiseMenu',
  'isShowAssessment',
  'isShowFormsMenu',
  'isShowCampaignsMenu',
  'isShowStoreMenu',
] as const satisfies ReadonlyArray<keyof TenantSettings>

export interface ModuleSettingsView {
  modules: ScreenView
  other: ScreenView
}

export async function loadModuleSettings(platform: Pick<Platform, 'database'>, tenant: Tenant, language: Language = 'en'): Promise<ModuleSettingsView> {
  const s = tenant.settings
  const [modules, other] = await Promise.all([requireScreen(platform, tenant, 'display-modules', language), requireScreen(platform, tenant, 'display', language)])
  return {
    modules: { descriptor: modules.descriptor, values: Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, s[flag]])) },
    other: {
      descriptor: other.descriptor,
      values: {
        isMultiCountrySupport: s.isMultiCountrySupport,
        isWaiverFormToBeSigned: s.isWaiverFormToBeSigned,
        waiverFormLink: s.waiverFormLink,
        isSupportGrn: s.isSupportGrn,
        isShowCalenderView: s.isShowCalenderView,
        registerButtonLabel: s.registerButtonLabel,
        isShowRoomName: s.isShowRoomName,
        isAddressNeededForEvent: s.isAddressNeededForEvent,
        isRegAndPurchaseOnSamePage: s.isRegAndPurchaseOnSamePage,
      },
    },
  }
}

/** The module toggles; with JavaScript each change posts at once. */
export async function saveModuleFlags(platform: Pick<Platform, 'database' | 'tenants' | 'caches'>, tenant: Tenant, form: FormData, language: Language = 'en'): Promise<SaveOutcome> {
  const { descriptor } = await requireScreen(platform, tenant, 'display-modules', language)
  const submitted = validateScreenPost(descriptor, form, 'modules')
  if (!submitted.ok) return refusal('modules', submitted)
  const shown = shownFields(descriptor)
  const settings: Partial<TenantSettings> = {}
  for (const flag of MODULE_FLAGS) if (shown.has(flag)) settings[flag] = bool(submitted.value.checked, flag)
  const written = await updateTenant(platform, tenant, { settings })
  return savedUnlessRefused(written, SETTINGS_SAVED, { intent: 'modules', descriptor, values: submitted.value.posted })
}

/** 'Other Settings': the waiver link is required while the waiver is on and cleared when it is off. */
export async function saveOtherSettings(platform: Pick<Platform, 'database' | 'tenants' | 'caches'>, tenant: Tenant, form: FormData, language: Language = 'en'): Promise<SaveOutcome> {
  const { descriptor } = await requireScreen(platform, tenant, 'display', language)
  const submitted = validateScreenPost(descriptor, form, 'other')
  if (!submitted.ok) return refusal('other', submitted)
  const values = submitted.value.checked
  const shown = shownFields(descriptor)
  const settings: Partial<TenantSettings> = {}
  const flags = ['isMultiCountrySupport', 'isWaiverFormToBeSigned', 'isSupportGrn', 'isShowCalenderView', 'isShowRoomName', 'isAddressNeededForEvent', 'isRegAndPurchaseOnSamePage'] as const
  for (const flag of flags) {
    if (shown.has(flag)) settings[flag] = bool(values, flag)
  }
  if (shown.has('registerButtonLabel')) settings.registerButtonLabel = text(values, 'registerButtonLabel')
  const waiverOn = shown.has('isWaiverFormToBeSigned') ? bool(values, 'isWaiverFormToBeSigned') : tenant.settings.isWaiverFormToBeSigned
  if (!waiverOn) settings.waiverFormLink = ''
  else if (shown.has('waiverFormLink')) settings.waiverFormLink = text(values, 'waiverFormLink')
  const written = await updateTenant(platform, tenant, { settings })
  const multiCountryChanged = settings.isMultiCountrySupport !== undefined && settings.isMultiCountrySupport !== tenant.settings.isMultiCountrySupport
  return savedUnlessRefused(written, multiCountryChanged ? MULTI_COUNTRY_SAVED : SETTINGS_SAVED, { intent: 'other', descriptor, values: submitted.value.posted })
}
