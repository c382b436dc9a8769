import { schemaOrgPrice } from './course-price'

export interface CourseJsonLdInput {
  name: string
  description: string
  url: string
  imageUrl: string | null
  provider: { name: string; url: string }
  paymentType: string
  prices: ReadonlyArray<{ name: string; priceMinor: number; currency: string }>
  currency: string
}

/**
 * schema.org Course for a course's public page (Google's course rich results read name,
 * description and provider; offers say what it costs). A free course offers a price of 0.
 */
export function courseJsonLd(input: CourseJsonLdInput): Record<string, unknown> {
  const offers =
    input.paymentType === 'FREE' || input.prices.length === 0
      ? input.paymentType === 'FREE'
        ? [{ '@type': 'Offer', category: 'Free', price: '0', priceCurrency: input.currency.toUpperCase(), url: input.url }]
        : []
      : input.prices.map((price) => ({
          '@type': 'Offer',
          name: price.name,
          category: 'Paid',
          price: schemaOrgPrice(price.priceMinor, price.currency),
          priceCurrency: price.currency.toUpperCase(),
          url: input.url,
        }))
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: input.name,
    description: input.description || input.name,
    url: input.url,
    ...(input.imageUrl ? { image: input.imageUrl } : {}),
    provider: { '@type': 'Organization', name: input.provider.name, sameAs: input.provider.url },
    ...(offers.length > 0 ? { offers } : {}),
  }
}
