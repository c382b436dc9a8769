import { describe, expect, it } from 'vitest'
import { parseEventFields, EVENT_FORM_MESSAGES } from '#server/catalog/items/event-form'
import { ITEM_FORM_MESSAGES, parseItemForm, pathSlug } from '#server/catalog/items/item-form'
import { itemListHref, parseItemListQuery } from '#server/catalog/items/item-list-query'
import { parsePriceOptionRows } from '#server/catalog/items/price-option-rows'

const settings = { currency: 'USD', timeZone: 'America/New_York', isAddressNeededForEvent: false }

function form(entries: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.set(name, value)
  return data
}

describe('pathSlug', () => {
  it.each([
    ['Yoga & Breath: Level 1', 'yoga-and-breath-level-1'],
    ['Café  Crème', 'cafe-creme'],
    ['snake_case_name', 'snake-case-name'],
    ['--Hello--World--', 'hello-world'],
    ['!!!', ''],
  ])('%s is %s', (text, slug) => expect(pathSlug(text)).toBe(slug))
})

describe('parseItemForm', () => {
  it('reads a course with its rows, dropping a wholly blank new row', () => {
    const outcome = parseItemForm(
      'course',
      form({ name: ' Flow ', paymentType: 'PAID', 'priceOptions[0].name': 'Term', 'priceOptions[0].price': '1,250.5', 'priceOptions[1].name': '', 'priceOptions[1].price': '', 'priceOptions[1].qty': '1' }),
      settings,
    )
    expect(outcome.status).toBe('valid')
    if (outcome.status !== 'valid') return
    expect(outcome.input.name).toBe('Flow')
    expect(outcome.input.slug).toBeNull()
    expect(outcome.input.priceOptions).toHaveLength(1)
    expect(outcome.input.priceOptions[0]?.options.price).toEqual({ amountMinor: 125050, currency: 'USD' })
  })

  it('keeps no price options for a free course', () => {
    const outcome = parseItemForm('course', form({ name: 'Free', paymentType: 'FREE', 'priceOptions[0].name': 'X', 'priceOptions[0].price': '5' }), settings)
    expect(outcome.status === 'valid' && outcome.input.priceOptions).toEqual([])
  })

  it("adds a blank row for 'Add price option' and removes the row a Remove button names, checking nothing", () => {
    const added = parseItemForm('course', form({ intent: 'add-price-option', name: '', 'priceOptions[0].name': 'A' }), settings)
    expect(added.status).toBe('rows-changed')
    expect(added.values.priceOptions.map((row) => row.name)).toEqual(['A', ''])
    const removed = parseItemForm('course', form({ intent: 'remove-price-option:0', 'priceOptions[0].name': 'A', 'priceOptions[1].name': 'B' }), settings)
    expect(removed.values.priceOptions.map((row) => row.name)).toEqual(['B'])
  })

  it.each([
    ['product', { name: 'Mat', stockQuantity: '-3' }, 'stockQuantity', ITEM_FORM_MESSAGES.stockInvalid],
    ['product', { name: 'Mat' }, 'priceOptions', ITEM_FORM_MESSAGES.productNeedsPrice],
    ['course', { name: 'C', paymentType: 'EXTERNAL', externalLink: 'ftp://files.example.com' }, 'externalLink', ITEM_FORM_MESSAGES.linkInvalid],
    ['course', { name: 'C', paymentType: 'FREE', slug: '***' }, 'slug', ITEM_FORM_MESSAGES.slugEmpty],
  ] as const)('a %s with %o is refused on %s', (kind, fields, key, message) => {
    const outcome = parseItemForm(kind, form(fields), settings)
    expect(outcome.status).toBe('invalid')
    expect(outcome.status === 'invalid' && outcome.errors[key]).toContain(message)
  })
})

describe('parsePriceOptionRows', () => {
  it('checks membership terms only where memberships are allowed', () => {
    const posted = [{ name: 'Card', price: '100', membershipDetails: { membershipType: 'card', credits: '10' } }]
    expect(parsePriceOptionRows(posted, 'USD', true).rows[0]?.options.membership).toMatchObject({ membershipType: 'card', credits: 10 })
    expect(Object.keys(parsePriceOptionRows(posted, 'USD', false).errors)).toEqual(['priceOptions[0].membershipDetails.membershipType'])
  })

  it('refuses more than 20 rows', () => {
    const posted = Array.from({ length: 21 }, (_, n) => ({ name: `Tier ${n}`, price: '1' }))
    expect(parsePriceOptionRows(posted, 'USD', false).errors.priceOptions).toEqual(['An item has at most 20 price options.'])
  })
})

describe('parseEventFields', () => {
  const run = (fields: Record<string, string>, isAddressNeededForEvent = false) => {
    const errors: Record<string, string[]> = {}
    const event = parseEventFields(fields, { timeZone: 'America/New_York', isAddressNeededForEvent }, (key, message) => (errors[key] ??= []).push(message))
    return { event, errors }
  }

  it('reads wall-clock times in the zone, across a daylight-saving change', () => {
    const { event, errors } = run({ startsAt: '2026-10-31T10:00', endsAt: '2026-11-01T10:00' })
    expect(errors).toEqual({})
    expect(event?.startsAt.toISOString()).toBe('2026-10-31T14:00:00.000Z')
    expect(event?.endsAt.toISOString()).toBe('2026-11-01T15:00:00.000Z')
  })

  it('wants registration to close before the start, and the address when the tenant asks', () => {
    expect(run({ startsAt: '2026-12-01T10:00', endsAt: '2026-12-01T12:00', registrationClosesAt: '2026-12-01T10:00' }).errors.registrationClosesAt).toEqual([EVENT_FORM_MESSAGES.closesAfterStart])
    expect(Object.keys(run({ startsAt: '2026-12-01T10:00', endsAt: '2026-12-01T12:00' }, true).errors)).toEqual(['addressLine1', 'city', 'state', 'zip', 'country'])
  })
})

describe('the item list query', () => {
  it('falls back to defaults for what it does not understand, and aligns start to the page', () => {
    expect(parseItemListQuery(new URLSearchParams('search=%20mat%20&isShowArchived=yes&start=75&max=100'))).toEqual({ search: 'mat', isShowArchived: false, start: 0, max: 100 })
    expect(parseItemListQuery(new URLSearchParams('start=120&max=7'))).toEqual({ search: '', isShowArchived: false, start: 100, max: 50 })
    expect(itemListHref('/products', { search: 'mat', isShowArchived: true, start: 50, max: 50 })).toBe('/products?search=mat&isShowArchived=true&start=50')
  })
})
