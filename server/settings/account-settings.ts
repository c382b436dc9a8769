import type { Language } from '#server/i18n/languages'
import { withTenant } from '#db/tenant-scope'
import { DATE_FORMATS, type DateFormat } from '#server/dates/date-formats'
import { isLanguage } from '#server/i18n/languages'
import { COUNTRIES, timeZonesForCountry } from '#server/shell/dial-codes'
import type { Platform } from '#server/platform'
import { withFieldOptions } from '#server/screens/apply-overlay'
import { validateScreenPost } from '#server/screens/screen-post'
import type { Tenant } from '#server/tenancy/tenant'
import type { TenantSettings } from '#server/tenancy/tenant-settings'
import { listAccountOwners } from './account-owners'
import { checkCustomDomain, DOMAIN_TAKEN } from './custom-domain'
import { readCustomDomainClaim, scheduleFirstDomainCheck, type CustomDomainClaim } from './custom-domain-verification'
import { API_KEYS, readApiKeyWith } from './tenant-api-keys'
import { domainRefusal, numberOrNull, refusal, requireScreen, saved, shownFields, text, type SaveOutcome, type ScreenView } from './screen-form'
import { SETTING_NOT_SAVED, updateTenant } from './update-tenant'

export const ACCOUNT_SAVED = 'Successfully updated settings.'

/** "Countries offered: USA and IND", by the name the form shows and stores. */
const OFFERED = COUNTRIES.filter((country) => country.code === 'USA' || country.code === 'IND')

export function countryByName(name: string) {
  return OFFERED.find((country) => country.name === name) ?? null
}

/** "Country change selects the first matching time zone": the zone kept, or the country's first. */
export function timeZoneFor(countryName: string, wanted: string): string {
  const zones = timeZonesForCountry(countryByName(countryName)?.code ?? 'USA')
  return zones.includes(wanted) ? wanted : (zones[0] ?? wanted)
}

export interface AccountView extends ScreenView {
  orgId: string
  tenantId: string
  apiKey: string
  logo: string
  /** The custom domain's TXT record and verification state; null without a custom domain. */
  customDomain: CustomDomainClaim | null
}

async function accountDescriptor(platform: Pick<Platform, 'database'>, tenant: Tenant, language: Language) {
  const screen = await requireScreen(platform, tenant, 'account', language)
  const owners = await withTenant(platform.database, tenant.id, (trx) => listAccountOwners(trx))
  return withFieldOptions(screen.descriptor, 'accountOwner', owners)
}

export async function loadAccountSettings(
  platform: Pick<Platform, 'database' | 'env'>,
  tenant: Tenant,
  user: { contactId: string },
  language: Language = 'en',
): Promise<AccountView> {
  const s = tenant.settings
  const screen = await requireScreen(platform, tenant, 'account', language)
  // One transaction for both reads: every round trip counts on this page.
  const { owners, apiKey } = await withTenant(platform.database, tenant.id, async (trx) => ({
    owners: await listAccountOwners(trx),
    apiKey: await readApiKeyWith(trx, platform, tenant, API_KEYS.account),
  }))
  const claim = await readCustomDomainClaim(platform, tenant.id)
  const descriptor = withFieldOptions(screen.descriptor, 'accountOwner', owners)
  const country = countryByName(s.country)?.name ?? 'United States'
  return {
    descriptor,
    values: {
      name: tenant.name,
      accountOwner: s.accountOwner || user.contactId,
      fromEmailName: s.fromEmailName,
      fromEmail: s.fromEmail,
      country,
      phone: s.phone,
      street: s.address.line1,
      city: s.address.city,
      state: s.address.state,
      zip: s.address.zip,
      timezone: timeZoneFor(country, s.timezone),
      dateFormat: s.dateFormat,
      defaultLanguage: s.defaultLanguage,
      itemExpiresAfter: s.itemExpiresAfter ?? undefined,
      customDomain: claim?.domain ?? '',
      aboutOrg: s.aboutOrg,
    },
    orgId: tenant.orgId,
    tenantId: tenant.tenantId,
    apiKey,
    logo: s.logo,
    customDomain: claim,
  }
}

/**
 * Saves Account Settings: the schema first (the spec's messages), then the domain rules
 * (custom domain free and not ours, time zone of the chosen country), then one write.
 */
export async function saveAccountSettings(
  platform: Pick<Platform, 'database' | 'env' | 'tenants' | 'caches' | 'jobs' | 'clock'>,
  tenant: Tenant,
  form: FormData,
  language: Language = 'en',
): Promise<SaveOutcome> {
  const intent = 'account'
  const descriptor = await accountDescriptor(platform, tenant, language)
  const submitted = validateScreenPost(descriptor, form, intent)
  if (!submitted.ok) return refusal(intent, submitted)
  const values = submitted.value.checked
  const shown = shownFields(descriptor)

  let customDomain: string | null | undefined
  if (shown.has('customDomain')) {
    const stored = (await readCustomDomainClaim(platform, tenant.id))?.domain ?? null
    const check = await checkCustomDomain(platform, tenant, text(values, 'customDomain'), stored)
    if (!check.ok) return domainRefusal(intent, descriptor, submitted.value.posted, { customDomain: [check.message] })
    // The same domain saved again keeps its token and status: only a change starts a new claim.
    if (check.value !== stored) customDomain = check.value
  }

  const settings: Partial<TenantSettings> = {}
  const address = { ...tenant.settings.address }
  const strings = ['accountOwner', 'fromEmailName', 'fromEmail', 'phone', 'aboutOrg'] as const
  for (const name of strings) if (shown.has(name)) settings[name] = text(values, name)
  if (shown.has('itemExpiresAfter')) settings.itemExpiresAfter = numberOrNull(values, 'itemExpiresAfter')
  if (shown.has('street')) address.line1 = text(values, 'street')
  for (const name of ['city', 'state', 'zip'] as const) if (shown.has(name)) address[name] = text(values, name)
  if (['street', 'city', 'state', 'zip'].some((name) => shown.has(name))) settings.address = address
  const country = shown.has('country') ? text(values, 'country') : (countryByName(tenant.settings.country)?.name ?? 'United States')
  if (shown.has('country')) {
    settings.country = country
    settings.dialCode = countryByName(country)?.dialCode ?? '+1'
  }
  // The schema allows only the spec's options; the check here keeps the type honest.
  const dateFormat = text(values, 'dateFormat')
  if (shown.has('dateFormat') && isDateFormat(dateFormat)) settings.dateFormat = dateFormat
  const defaultLanguage = text(values, 'defaultLanguage')
  if (shown.has('defaultLanguage') && isLanguage(defaultLanguage)) settings.defaultLanguage = defaultLanguage
  if (shown.has('timezone') || shown.has('country')) {
    settings.timezone = timeZoneFor(country, shown.has('timezone') ? text(values, 'timezone') : tenant.settings.timezone)
  }

  const written = await updateTenant(platform, tenant, {
    settings,
    ...(shown.has('name') ? { name: text(values, 'name') } : {}),
    ...(customDomain !== undefined ? { customDomain } : {}),
  })
  if (!written.ok) {
    const fieldErrors = written.error === 'conflict' ? { customDomain: [DOMAIN_TAKEN] } : fieldsInvalid(written.details.fields)
    return domainRefusal(intent, descriptor, submitted.value.posted, fieldErrors)
  }
  if (customDomain) await scheduleFirstDomainCheck(platform, tenant.id)
  return saved(ACCOUNT_SAVED)
}

function isDateFormat(value: string): value is DateFormat {
  return (DATE_FORMATS as readonly string[]).includes(value)
}

function fieldsInvalid(fields: string[]): Record<string, string[]> {
  return Object.fromEntries(fields.map((field) => [field, [SETTING_NOT_SAVED]]))
}
