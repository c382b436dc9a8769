import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import { validateScreenPost } from '#server/screens/screen-post'
import type { Tenant } from '#server/tenancy/tenant'
import type { TenantSettings } from '#server/tenancy/tenant-settings'
import { domainRefusal, numberOrNull, refusal, requireScreen, savedUnlessRefused, type SaveOutcome, type ScreenView, shownFields, text } from './screen-form'
import { updateTenant } from './update-tenant'

export const PAYMENT_SETTINGS_SAVED = 'Tenant updated'
/** "A US dollars and an India rupees entry are added to the currency list if missing." */
export const ALWAYS_OFFERED_CURRENCIES = ['USD', 'INR'] as const
export const DEFAULT_CURRENCY_NOT_SUPPORTED = 'The default currency must be USD, INR or one of the supported currencies.'

export async function loadPaymentSettings(platform: Pick<Platform, 'database'>, tenant: Tenant, language: Language = 'en'): Promise<ScreenView> {
  const { descriptor } = await requireScreen(platform, tenant, 'paccount', language)
  const s = tenant.settings
  return {
    descriptor,
    values: {
      defaultCurrency: s.defaultCurrency || 'USD',
      supportedCurrencies: s.supportedCurrencies,
      taxLabel1: s.taxLabel1,
      taxValue1: s.taxValue1,
      cardFees: s.cardFees,
      invoiceNote: s.invoiceNote,
    },
  }
}

export async function savePaymentSettings(platform: Pick<Platform, 'database' | 'tenants' | 'caches'>, tenant: Tenant, form: FormData, language: Language = 'en'): Promise<SaveOutcome> {
  const intent = 'paccount'
  const { descriptor } = await requireScreen(platform, tenant, 'paccount', language)
  const submitted = validateScreenPost(descriptor, form, intent)
  if (!submitted.ok) return refusal(intent, submitted)
  const values = submitted.value.checked
  const shown = shownFields(descriptor)
  const settings: Partial<TenantSettings> = {}
  const supported = shown.has('supportedCurrencies')
    ? ((values.supportedCurrencies as string[] | undefined) ?? [])
    : tenant.settings.supportedCurrencies
  if (shown.has('supportedCurrencies')) settings.supportedCurrencies = supported
  if (shown.has('defaultCurrency')) {
    const currency = text(values, 'defaultCurrency')
    if (!(ALWAYS_OFFERED_CURRENCIES as readonly string[]).includes(currency) && !supported.includes(currency)) {
      return domainRefusal(intent, descriptor, submitted.value.posted, { defaultCurrency: [DEFAULT_CURRENCY_NOT_SUPPORTED] })
    }
    settings.defaultCurrency = currency
  }
  if (shown.has('taxLabel1')) settings.taxLabel1 = text(values, 'taxLabel1')
  if (shown.has('taxValue1')) {
    // The sales tax is a percentage; the public config reads it as taxPercent.
    settings.taxValue1 = numberOrNull(values, 'taxValue1') ?? 0
    settings.taxPercent = settings.taxValue1
  }
  if (shown.has('cardFees')) settings.cardFees = numberOrNull(values, 'cardFees') ?? 0
  if (shown.has('invoiceNote')) settings.invoiceNote = text(values, 'invoiceNote').replace(/[\r\n]+/g, ' ')
  const written = await updateTenant(platform, tenant, { settings })
  return savedUnlessRefused(written, PAYMENT_SETTINGS_SAVED, { intent, descriptor, values: submitted.value.posted })
}
