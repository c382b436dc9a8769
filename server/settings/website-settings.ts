import type { Language } from '#server/i18n/languages'
import type { UploadForm } from '#server/files/read-upload-form'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import type { TenantSettings } from '#server/tenancy/tenant-settings'
import { imageFieldsOf, storeImageUploads } from './image-fields'
import { forgetReplacedImages, forgetUnsavedUploads } from './replaced-images'
import { sanitizeFooterHtml } from './sanitize-footer-html'
import { bool, domainRefusal, numberOrNull, refusal, requireScreen, savedUnlessRefused, type SaveOutcome, type ScreenView, shownFields, text } from './screen-form'
import { colourForDisplay, colourForStorage } from './student-app-settings'
import { updateTenant } from './update-tenant'
import { validateWithUploads } from './validate-with-uploads'

export const WEBSITE_SAVED = 'Successfully updated settings.'
export const FOOTER_TOO_LONG = 'The footer is too long: keep it under 2000 characters of formatted text'

const SOCIALS = ['twitter', 'facebook', 'instagram', 'linkedin'] as const
const TEXTS = ['title', 'seoDescription', 'pageScript', 'googleReviewLink'] as const

export async function loadWebsiteSettings(platform: Pick<Platform, 'database'>, tenant: Tenant, language: Language = 'en'): Promise<ScreenView> {
  const { descriptor } = await requireScreen(platform, tenant, 'website', language)
  const s = tenant.settings
  return {
    descriptor,
    values: {
      favIcon: s.favIcon,
      logo: s.logo,
      logoWidth: s.logoWidth ?? undefined,
      logoHeight: s.logoHeight ?? undefined,
      title: s.title,
      seoDescription: s.seoDescription,
      pageScript: s.pageScript,
      headerColor: colourForDisplay(s.headerColor) || undefined,
      ...Object.fromEntries(SOCIALS.map((name) => [name, s.socials[name]])),
      // Shown as stored, which was sanitised on save; sanitised again in case the rules tightened.
      footerInfo: sanitizeFooterHtml(s.footerInfo),
      hideFooter: !s.isShowFooter,
      googleReviewLink: s.googleReviewLink,
    },
  }
}

export async function saveWebsiteSettings(platform: Pick<Platform, 'database' | 'tenants' | 'env' | 'caches'>, tenant: Tenant, upload: UploadForm, language: Language = 'en'): Promise<SaveOutcome> {
  const intent = 'website'
  const { descriptor } = await requireScreen(platform, tenant, 'website', language)
  const submitted = await validateWithUploads(descriptor, upload, intent)
  if (!submitted.ok) return refusal(intent, submitted)
  const values = submitted.value.checked
  const shown = shownFields(descriptor)
  const settings: Partial<TenantSettings> = {}
  if (shown.has('footerInfo')) {
    const footer = sanitizeFooterHtml(text(values, 'footerInfo'))
    if (footer.length > 2000) return domainRefusal(intent, descriptor, submitted.value.posted, { footerInfo: [FOOTER_TOO_LONG] })
    settings.footerInfo = footer
  }
  for (const name of TEXTS) if (shown.has(name)) settings[name] = text(values, name)
  for (const name of ['favIcon', 'logo'] as const) if (shown.has(name)) settings[name] = text(values, name)
  if (shown.has('logoWidth')) settings.logoWidth = numberOrNull(values, 'logoWidth')
  if (shown.has('logoHeight')) settings.logoHeight = numberOrNull(values, 'logoHeight')
  if (shown.has('headerColor')) settings.headerColor = colourForStorage(text(values, 'headerColor'))
  if (SOCIALS.some((name) => shown.has(name))) {
    settings.socials = { ...tenant.settings.socials }
    for (const name of SOCIALS) if (shown.has(name)) settings.socials[name] = text(values, name)
  }
  if (shown.has('hideFooter')) settings.isShowFooter = !bool(values, 'hideFooter')
  const stored = await storeImageUploads(platform.env, tenant, imageFieldsOf(descriptor), upload)
  Object.assign(settings, stored)
  const written = await updateTenant(platform, tenant, { settings })
  if (!written.ok) await forgetUnsavedUploads(platform.env, tenant, stored)
  // The images the settings pointed at are only let go once the settings point elsewhere.
  if (written.ok) {
    const images = (['favIcon', 'logo'] as const).filter((name) => name in settings)
    await forgetReplacedImages(platform.env, tenant, Object.fromEntries(images.map((name) => [name, settings[name] ?? ''])))
  }
  return savedUnlessRefused(written, WEBSITE_SAVED, { intent, descriptor, values: submitted.value.posted })
}
