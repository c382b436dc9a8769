import { amountInputValue } from '#server/catalog/money'
import type { DonationPageView, EventPageView, ProductPageView } from './public-item-pages'

/** A JSON-LD document: plain JSON. */
export type JsonLd = { [key: string]: JsonLdValue }
type JsonLdValue = string | number | boolean | null | JsonLd | JsonLdValue[]

/** What every document names besides the item: the page's own address and the studio. */
export interface JsonLdSite {
  /** 'https://demo.example.com': the tenant's canonical origin. */
  origin: string
  /** The page's address without the origin. */
  path: string
  organisationName: string
}

const CONTEXT = 'https://schema.org'

const absolute = (site: JsonLdSite, path: string) => `${site.origin}${path}`
const organisation = (site: JsonLdSite): JsonLd => ({ '@type': 'Organization', name: site.organisationName, url: `${site.origin}/` })
const images = (site: JsonLdSite, image: { src: string } | null): JsonLd => (image ? { image: [absolute(site, image.src)] } : {})
const price = (amountMinor: number, currency: string) => amountInputValue(amountMinor, currency)

/** schema.org Event: times with their offset, the place, and one Offer per price option (a free event offers 0). */
export function eventJsonLd(event: EventPageView, site: JsonLdSite): JsonLd {
  const url = absolute(site, site.path)
  const availability = event.state === 'open' ? 'https://schema.org/InStock' : event.state === 'full' ? 'https://schema.org/SoldOut' : 'https://schema.org/Discontinued'
  const offers: JsonLd[] =
    event.prices.length > 0
      ? event.prices.map((option) => ({ '@type': 'Offer', name: option.name, price: price(option.amountMinor, option.currency), priceCurrency: option.currency, availability, url }))
      : event.isFree
        ? [{ '@type': 'Offer', price: '0', availability, url }]
        : []
  const venue = event.venue
  const doc: JsonLd = {
    '@context': CONTEXT,
    '@type': 'Event',
    name: event.name,
    description: event.summary,
    startDate: event.when.start.dateTime,
    endDate: event.when.end.dateTime,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url,
    organizer: organisation(site),
    ...images(site, event.image),
    ...(offers.length > 0 ? { offers } : {}),
  }
  if (venue) {
    doc.location = {
      '@type': 'Place',
      name: venue.name ?? venue.lines[0] ?? event.name,
      address: dropEmpty({
        '@type': 'PostalAddress',
        streetAddress: venue.street,
        addressLocality: venue.city,
        addressRegion: venue.region,
        postalCode: venue.postalCode,
        addressCountry: venue.country,
      }),
    }
  }
  return doc
}

function dropEmpty(doc: Record<string, string>): JsonLd {
  return Object.fromEntries(Object.entries(doc).filter(([, value]) => value !== ''))
}

/** schema.org Product with its offers; sold-out merchandise says OutOfStock. */
export function productJsonLd(product: ProductPageView, site: JsonLdSite): JsonLd {
  const url = absolute(site, site.path)
  const availability = product.state === 'open' ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock'
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name,
    description: product.summary,
    sku: product.guid,
    url,
    brand: { '@type': 'Brand', name: site.organisationName },
    ...images(site, product.image),
    offers: product.prices.map((option) => ({
      '@type': 'Offer',
      name: option.name,
      price: price(option.amountMinor, option.currency),
      priceCurrency: option.currency,
      availability,
      url,
      seller: organisation(site),
    })),
  }
}

/**
 * A campaign page: schema.org has no "donation campaign" type, so the page is a WebPage whose
 * potential action is a DonateAction to the studio, with the suggested amounts as its range.
 */
export function donationJsonLd(donation: DonationPageView, site: JsonLdSite): JsonLd {
  const url = absolute(site, site.path)
  const amounts = donation.amounts.map((amount) => amount.amountMinor)
  const range: JsonLd =
    amounts.length > 0
      ? {
          '@type': 'PriceSpecification',
          priceCurrency: donation.currency,
          minPrice: price(Math.min(...amounts), donation.currency),
          ...(donation.isOtherAmountAllowed ? {} : { maxPrice: price(Math.max(...amounts), donation.currency) }),
        }
      : { '@type': 'PriceSpecification', priceCurrency: donation.currency }
  return {
    '@context': CONTEXT,
    '@type': 'WebPage',
    name: donation.name,
    description: donation.summary,
    url,
    ...images(site, donation.image),
    potentialAction: {
      '@type': 'DonateAction',
      name: `${donation.buttonLabel} to ${donation.name}`,
      target: url,
      recipient: organisation(site),
      priceSpecification: range,
    },
  }
}

/**
 * The text of a `<script type="application/ld+json">`: JSON with '<', '>' and '&' written as
 * escapes, so a name like '</script><script>' cannot close the element, and the two line
 * separators JavaScript parsers once choked on escaped too. JSON readers see the same value.
 */
export function jsonLdScriptText(doc: JsonLd | Record<string, unknown>): string {
  return JSON.stringify(doc)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** A listing page: the items it links to, in order. */
export function itemListJsonLd(name: string, items: ReadonlyArray<{ name: string; href: string }>, site: JsonLdSite): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name,
    url: absolute(site, site.path),
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, url: absolute(site, item.href) })),
  }
}
