import { BoundedMemo } from '#server/cache/bounded-memo'
import { shownDateIn } from '#server/dates/language-dates'
import type { ShownDate } from '#server/dates/tenant-dates'
import { zonedParts } from '#server/dates/zoned-parts'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { NavigationItem } from '#server/shell/navigation-item'
import { footerPagesFor, legalPagesFor, withScheme, type WebPage } from '#server/shell/public-navigation'
import type { Tenant } from '#server/tenancy/tenant'
import { sanitizeFooterHtml } from '#server/settings/sanitize-footer-html'
import { isPublicPageAvailable } from './available-paths'

export type SocialLink = { name: 'facebook' | 'linkedin' | 'instagram' | 'twitter'; label: string; url: string }

export type FooterView = {
  /** The tenant can switch the footer off (org isShowFooter); signed-in extras still show. */
  isShown: boolean
  tenantName: string
  /** The tenant's rich-text footer info, sanitised again for display (it was on save too). */
  footerInfoHtml: string
  pages: NavigationItem[]
  legalPages: NavigationItem[]
  socials: SocialLink[]
  phone: string
  email: string
  /** Only in a signed-in view (spec 000 section 2, Footer). */
  signedIn: { version: string; copyright: string; lastActivity: ShownDate | null } | null
}

const SOCIAL_LABELS: Record<SocialLink['name'], string> = {
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  twitter: 'Twitter',
}

/**
 * The footer of every layout. `lastActivityAt` is the signed-in user's previous sign-in, shown
 * as 'ddd MMM-DD-YYYY hh:mm A' in the tenant's time zone; null for visitors.
 */
export function footerFor(input: {
  tenant: Tenant
  pages: readonly WebPage[]
  signedIn: { lastActivityAt: string | null } | null
  /** The page's language: the copyright line and the last activity's date are written in it. */
  language?: Language
  now?: Date
}): FooterView {
  const { tenant } = input
  const language = input.language ?? 'en'
  const settings = tenant.settings
  const shown = input.pages.filter((page) => isPublicPageAvailable(page.name))
  // The copyright year turns over at the tenant's midnight, not the server's.
  const year = zonedParts(input.now ?? new Date(), settings.timezone).year
  return {
    isShown: settings.isShowFooter,
    tenantName: tenant.name,
    footerInfoHtml: displayedFooterHtml(settings.footerInfo),
    pages: footerPagesFor(shown).filter((item) => item.id.toLowerCase() !== 'home'),
    legalPages: legalPagesFor(shown),
    socials: (Object.keys(SOCIAL_LABELS) as Array<SocialLink['name']>).flatMap((name) => {
      const value = settings.socials[name].trim()
      return value ? [{ name, label: SOCIAL_LABELS[name], url: withScheme(value) }] : []
    }),
    phone: settings.phone,
    email: settings.email,
    signedIn: input.signedIn
      ? {
          // The spec's 'v6.4 December 2022' (PRODUCT_VERSION) names its month in the page's language.
          version: tFor(language, 'common')('productVersion'),
          copyright: tFor(language, 'common')('copyright', { year, name: tenant.name }),
          // The spec's 'ddd MMM-DD-YYYY hh:mm A' in English; Turkish writes its own day order and 24-hour clock.
          lastActivity: shownDateIn(input.signedIn.lastActivityAt, settings, 'activity', language),
        }
      : null,
  }
}

// Every page draws the footer; sanitising is a parse, so the answer is kept per stored text.
const sanitised = new BoundedMemo<string>(500)

function displayedFooterHtml(stored: string): string {
  return stored ? sanitised.get(stored, () => sanitizeFooterHtml(stored)) : ''
}
