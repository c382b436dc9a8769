import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { BillingFrequency, ItemPaymentType } from '#db/tables/catalog'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { loadCourseContent, type CourseRef } from './course-content'
import { moneyText } from '#server/catalog/public/price-text'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { readableContent, type ReadableSection } from './enrolments'
import { sanitizePageHtmlCached } from '#server/website/sanitize-page-html'
import { isSoldOnline } from '#server/checkout/sold-online'
import { itemImageSrc } from '#server/catalog/items/cover-variants'

export interface PublicPriceOption {
  guid: string
  name: string
  priceMinor: number
  currency: string
  /** Formatted in the option's currency (the tenant's). */
  price: string
  /** 'Monthly, 6 payments', 'Card of 10 classes', ... : how the price is paid, when not at once. */
  terms: string | null
  /** Checkout takes it online (sold-online.ts). */
  isSoldOnline: boolean
}

export interface PublicCourseCard {
  guid: string
  name: string
  slug: string
  summary: string
  paymentType: ItemPaymentType
  imageUrl: string | null
  imageAlt: string
  /** 'Free', '$149.00', 'From $420.00'. */
  priceLabel: string
}

function termsOf(option: { membership_type: string | null; frequency: BillingFrequency | null; number_of_billing_cycles: number | null; credits: number | null }, language: Language): string | null {
  const t = tFor(language, 'listings')
  if (option.membership_type === 'recurring' && option.frequency) {
    const every = t(`every_${option.frequency}`)
    return option.number_of_billing_cycles ? t('terms_every', { every, count: option.number_of_billing_cycles }) : t('terms_untilCancelled', { every })
  }
  if (option.membership_type === 'card' && option.credits) return t('terms_card', { count: option.credits })
  if (option.membership_type === 'unlimited') return t('terms_unlimited')
  return null
}

async function priceOptionsOf(trx: TenantExecutor, itemIds: readonly string[]) {
  if (itemIds.length === 0) return []
  return trx
    .selectFrom('item_price_options')
    .select(['item_id', 'guid', 'name', 'price_minor', 'discount_minor', 'currency', 'membership_type', 'frequency', 'number_of_billing_cycles', 'credits', 'registration_fee_minor', 'is_other_price'])
    .where('item_id', 'in', itemIds)
    .where('is_archived', '=', false)
    .orderBy('sequence')
    .execute()
}

async function coverImagesOf(trx: TenantExecutor, itemIds: readonly string[]) {
  if (itemIds.length === 0) return new Map<string, { image_key: string; alt_text: string }>()
  const rows = await trx
    .selectFrom('item_images')
    .select(['item_id', 'image_key', 'alt_text'])
    .where('item_id', 'in', itemIds)
    .orderBy('is_cover', 'desc')
    .orderBy('sequence')
    .execute()
  const covers = new Map<string, { image_key: string; alt_text: string }>()
  for (const row of rows) if (!covers.has(row.item_id)) covers.set(row.item_id, row)
  return covers
}

function toPriceOption(row: Awaited<ReturnType<typeof priceOptionsOf>>[number], takesCards: boolean, language: Language): PublicPriceOption {
  const amount = Math.max(0, row.price_minor - row.discount_minor)
  return { guid: row.guid, name: row.name, priceMinor: amount, currency: row.currency, price: moneyText(amount, row.currency, language), terms: termsOf(row, language),
    isSoldOnline: isSoldOnline({ priceMinor: row.price_minor, discountMinor: row.discount_minor, registrationFeeMinor: row.registration_fee_minor, isOtherPrice: row.is_other_price }, takesCards),
  }
}

function priceLabelOf(paymentType: ItemPaymentType, options: readonly PublicPriceOption[], language: Language): string {
  const t = tFor(language, 'listings')
  if (paymentType === 'FREE' || options.length === 0) return paymentType === 'FREE' ? t('free') : ''
  const lowest = options.reduce((low, option) => (option.priceMinor < low.priceMinor ? option : low))
  return options.length === 1 ? lowest.price : t('fromPrice', { price: lowest.price })
}

const publishedCourses = (trx: TenantExecutor) =>
  trx
    .selectFrom('catalog_items')
    .select(['id', 'guid', 'name', 'slug', 'summary', 'description_html', 'updated_at', 'payment_type', 'external_link', 'is_allow_demo_chapters', 'is_published', 'is_archived'])
    .where('kind', '=', 'course')
    .where('is_published', '=', true)
    .where('is_archived', '=', false)

/** The published courses, featured first then by name, as cards. */
export async function listPublicCourses(platform: Pick<Platform, 'database'>, tenant: Tenant, language: Language = 'en'): Promise<PublicCourseCard[]> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const courses = await publishedCourses(trx).orderBy('is_featured', 'desc').orderBy('sort_name').execute()
    const ids = courses.map((course) => course.id)
    const [prices, covers] = await Promise.all([priceOptionsOf(trx, ids), coverImagesOf(trx, ids)])
    return courses.map((course) => {
      const cover = covers.get(course.id)
      const options = prices.filter((price) => price.item_id === course.id).map((row) => toPriceOption(row, false, language))
      return {
        guid: course.guid,
        name: course.name,
        slug: course.slug,
        summary: course.summary,
        paymentType: course.payment_type,
        imageUrl: cover ? itemImageSrc(cover.image_key) : null,
        imageAlt: cover?.alt_text ?? '',
        priceLabel: priceLabelOf(course.payment_type, options, language),
      }
    })
  })
}

/** The outline a visitor sees: every chapter's title and kind; only demo chapters carry content. */
export interface PublicCourse extends PublicCourseCard {
  descriptionHtml: string
  externalLink: string | null
  isAllowDemoChapters: boolean
  priceOptions: PublicPriceOption[]
  outline: Array<{ guid: string; title: string; chapters: Array<{ guid: string; title: string; contentType: string; isDemo: boolean }> }>
  /** The demo chapters' content, when the course allows demo chapters. */
  demo: ReadableSection[]
  ref: Pick<CourseRef, 'guid' | 'paymentType'>
}

/** A published course by its slug, for /courses/details/{slug}; null when there is none. */
export async function loadPublicCourse(platform: Pick<Platform, 'database'>, tenant: Tenant, slug: string, takesCards = false, language: Language = 'en'): Promise<PublicCourse | null> {
  if (slug.length === 0 || slug.length > 200) return null
  return withTenant(platform.database, tenant.id, async (trx) => {
    const course = await publishedCourses(trx).where('slug', '=', slug.toLowerCase()).executeTakeFirst()
    if (!course) return null
    const [prices, covers, content] = await Promise.all([priceOptionsOf(trx, [course.id]), coverImagesOf(trx, [course.id]), loadCourseContent(trx, course.id)])
    const cover = covers.get(course.id)
    const priceOptions = prices.map((row) => toPriceOption(row, takesCards, language))
    const demoOpen = course.is_allow_demo_chapters
    return {
      guid: course.guid,
      name: course.name,
      slug: course.slug,
      summary: course.summary,
      paymentType: course.payment_type,
      imageUrl: cover ? itemImageSrc(cover.image_key) : null,
      imageAlt: cover?.alt_text ?? '',
      priceLabel: priceLabelOf(course.payment_type, priceOptions, language),
      // Sanitised again on the way out, as every item page's description (kept per course version).
      descriptionHtml: sanitizePageHtmlCached(`catalog-item:${course.id}:${new Date(course.updated_at).getTime()}`, course.description_html),
      externalLink: course.external_link,
      isAllowDemoChapters: demoOpen,
      priceOptions,
      outline: content.map((section) => ({
        guid: section.guid,
        title: section.title,
        chapters: section.chapters.map((chapter) => ({ guid: chapter.guid, title: chapter.title, contentType: chapter.contentType, isDemo: demoOpen && chapter.isDemo })),
      })),
      demo: demoOpen ? readableContent(content, (chapter) => chapter.isDemo) : [],
      ref: { guid: course.guid, paymentType: course.payment_type },
    }
  })
}
