import { donationJsonLd, eventJsonLd, itemListJsonLd, jsonLdScriptText, productJsonLd, type JsonLdSite } from '#server/catalog/public/json-ld'
import { itemHeadTags } from '#server/catalog/public/item-seo'
import type { PriceView } from '#server/catalog/public/item-views'
import type { DonationPageView, EventPageView, ProductPageView } from '#server/catalog/public/public-item-pages'

const site = (path: string): JsonLdSite => ({ origin: 'https://demo.example.com', path, organisationName: 'Demo Yoga Studio' })
const purchase = { isCheckoutAvailable: false, email: 'hello@demo.test', phone: '555-010-0000' }
const ticket: PriceView = { guid: 'p1', name: 'Ticket', priceText: '$45.00', amountMinor: 4500, currency: 'USD', maxQuantity: 4, isOtherPrice: false, minimumText: null, isSoldOnline: false }

const workshop: EventPageView = {
  kind: 'event',
  guid: 'e1',
  slug: 'spring-equinox-workshop',
  name: 'Spring Equinox Workshop',
  summary: 'Three hours of practice.',
  descriptionHtml: '<p>Tea included.</p>',
  image: { src: '/uploads/equinox.jpg', alt: 'The studio at sunset', width: 1200, height: 900 },
  state: 'open',
  stateText: '29 places left',
  prices: [ticket],
  updatedIso: '2026-11-24T08:00:00.000Z',
  purchase,
  isFree: false,
  externalLink: null,
  when: { start: { dateTime: '2026-12-04T19:00:00.000Z', text: '12/04/2026 02:00 PM' }, end: { dateTime: '2026-12-04T22:00:00.000Z', text: '05:00 PM' }, zoneText: 'America/New York' },
  venue: { name: 'Main Studio', lines: ['12 Market Street', 'Springfield, IL 62701'], street: '12 Market Street', city: 'Springfield', region: 'IL', postalCode: '62701', country: '' },
  placesLeftText: '29 places left',
  buttonLabel: 'Register',
  isRegistered: false,
}

describe('eventJsonLd', () => {
  it('describes an event with its instants, place, organiser, picture and offers', () => {
    expect(eventJsonLd(workshop, site('/events/details/spring-equinox-workshop'))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Spring Equinox Workshop',
      description: 'Three hours of practice.',
      startDate: '2026-12-04T19:00:00.000Z',
      endDate: '2026-12-04T22:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      url: 'https://demo.example.com/events/details/spring-equinox-workshop',
      organizer: { '@type': 'Organization', name: 'Demo Yoga Studio', url: 'https://demo.example.com/' },
      image: ['https://demo.example.com/uploads/equinox.jpg'],
      offers: [{ '@type': 'Offer', name: 'Ticket', price: '45.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: 'https://demo.example.com/events/details/spring-equinox-workshop' }],
      location: {
        '@type': 'Place',
        name: 'Main Studio',
        // An empty country is left out rather than written as ''.
        address: { '@type': 'PostalAddress', streetAddress: '12 Market Street', addressLocality: 'Springfield', addressRegion: 'IL', postalCode: '62701' },
      },
    })
  })

  it('offers a free event at 0, says sold out when full, and leaves out what it does not know', () => {
    const free = { ...workshop, prices: [], isFree: true, state: 'full' as const, image: null, venue: null }
    const doc = eventJsonLd(free, site('/events/details/x'))
    expect(doc.offers).toEqual([{ '@type': 'Offer', price: '0', availability: 'https://schema.org/SoldOut', url: 'https://demo.example.com/events/details/x' }])
    expect(doc).not.toHaveProperty('image')
    expect(doc).not.toHaveProperty('location')
  })
})

describe('productJsonLd', () => {
  const block: ProductPageView = {
    ...workshop,
    kind: 'product',
    gallery: [],
    slug: 'cork-yoga-block',
    name: 'Cork Yoga Block',
    summary: 'Firm, light and grippy natural cork.',
    image: null,
    prices: [{ ...ticket, name: 'Cork Yoga Block', amountMinor: 1800, priceText: '$18.00', maxQuantity: 9 }],
    buttonLabel: 'Buy',
    bundleParts: [],
    stockLeft: 40,
  }

  it('describes a product with its sku, brand and offer in stock', () => {
    expect(productJsonLd(block, site('/merchandise/details/cork-yoga-block'))).toMatchObject({
      '@type': 'Product',
      name: 'Cork Yoga Block',
      sku: 'e1',
      brand: { '@type': 'Brand', name: 'Demo Yoga Studio' },
      offers: [{ '@type': 'Offer', price: '18.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock', seller: { '@type': 'Organization', name: 'Demo Yoga Studio' } }],
    })
  })

  it('says out of stock when sold out, and writes prices in the currency of the option', () => {
    const yen = { ...block, state: 'sold-out' as const, prices: [{ ...block.prices[0]!, amountMinor: 2200, currency: 'JPY' }] }
    expect(productJsonLd(yen, site('/merchandise/details/cork-yoga-block')).offers).toEqual([
      expect.objectContaining({ price: '2200', priceCurrency: 'JPY', availability: 'https://schema.org/OutOfStock' }),
    ])
  })
})

describe('donationJsonLd', () => {
  const fund: DonationPageView = {
    kind: 'donation',
    guid: 'd1',
    name: 'Scholarship Fund',
    summary: 'Free places for those who could not otherwise come.',
    descriptionHtml: '',
    image: null,
    state: 'open',
    stateText: null,
    prices: [],
    updatedIso: '2026-11-24T08:00:00.000Z',
    purchase,
    currency: 'USD',
    amounts: [
      { amountMinor: 1000, text: '$10.00' },
      { amountMinor: 10000, text: '$100.00' },
    ],
    isOtherAmountAllowed: true,
    frequencies: [{ value: 'one-time', label: 'One time' }],
    goalText: '$5,000.00',
    givingText: 'You can give once.',
    buttonLabel: 'Donate',
  }

  it('is a web page whose action is a DonateAction to the studio, from the least suggested amount', () => {
    expect(donationJsonLd(fund, site('/donate/d1'))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: 'Scholarship Fund',
      description: 'Free places for those who could not otherwise come.',
      url: 'https://demo.example.com/donate/d1',
      potentialAction: {
        '@type': 'DonateAction',
        name: 'Donate to Scholarship Fund',
        target: 'https://demo.example.com/donate/d1',
        recipient: { '@type': 'Organization', name: 'Demo Yoga Studio', url: 'https://demo.example.com/' },
        priceSpecification: { '@type': 'PriceSpecification', priceCurrency: 'USD', minPrice: '10.00' },
      },
    })
  })

  it('caps the range at the largest suggestion when other amounts are not taken', () => {
    const doc = donationJsonLd({ ...fund, isOtherAmountAllowed: false }, site('/donate/d1'))
    expect(doc.potentialAction).toMatchObject({ priceSpecification: { minPrice: '10.00', maxPrice: '100.00' } })
  })
})

describe('itemListJsonLd', () => {
  it('lists the items in order with absolute addresses', () => {
    expect(itemListJsonLd('Events', [{ name: 'A', href: '/events/details/a' }, { name: 'B', href: '/events/details/b' }], site('/events'))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Events',
      url: 'https://demo.example.com/events',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'A', url: 'https://demo.example.com/events/details/a' },
        { '@type': 'ListItem', position: 2, name: 'B', url: 'https://demo.example.com/events/details/b' },
      ],
    })
  })
})

describe('jsonLdScriptText', () => {
  it('writes no character that could end the script element, and still parses to the same value', () => {
    const doc = { '@type': 'Product', name: '</script><script>alert(1)</script> & <!-- more', note: 'line\u2028separator\u2029' }
    const text = jsonLdScriptText(doc)
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
    expect(text).toContain('\\u003c/script\\u003e')
    expect(JSON.parse(text)).toEqual(doc)
  })
})

describe('itemHeadTags', () => {
  it('gives title, description, canonical, Open Graph and a large Twitter card when there is a picture', () => {
    const tags = itemHeadTags({
      title: 'Cork Yoga Block',
      siteTitle: 'Demo Yoga Studio',
      description: '  Firm,\n light   and grippy. ',
      canonicalUrl: 'https://demo.example.com/merchandise/details/cork-yoga-block',
      imageUrl: 'https://demo.example.com/uploads/block.jpg',
      imageAlt: 'A cork block',
      type: 'product',
    })
    expect(tags).toEqual([
      { title: 'Cork Yoga Block | Demo Yoga Studio' },
      { name: 'description', content: 'Firm, light and grippy.' },
      { name: 'robots', content: 'index, follow' },
      { tagName: 'link', rel: 'canonical', href: 'https://demo.example.com/merchandise/details/cork-yoga-block' },
      { property: 'og:title', content: 'Cork Yoga Block' },
      { property: 'og:description', content: 'Firm, light and grippy.' },
      { property: 'og:type', content: 'product' },
      { property: 'og:url', content: 'https://demo.example.com/merchandise/details/cork-yoga-block' },
      { property: 'og:site_name', content: 'Demo Yoga Studio' },
      { name: 'twitter:card', content: 'summary_large_image' },
      { property: 'og:image', content: 'https://demo.example.com/uploads/block.jpg' },
      { property: 'og:image:alt', content: 'A cork block' },
    ])
  })
})
