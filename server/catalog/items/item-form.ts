import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { ITEM_PAYMENT_TYPES, type ItemPaymentType } from '#db/tables/catalog'
import { seoSlug } from '#server/catalog/seo-slug'
import { sanitizeFormHtml } from '#server/forms/sanitize-form-html'
import { BUNDLE_FORM_MESSAGES, parseBundleContents, postedBundleContents, type BundleLine } from './bundle-form'
import { BLANK_DONATION_FIELDS, DONATION_CHECKBOXES, DONATION_FIELDS, parseDonationFields, type DonationInput } from './donation-form'
import { EVENT_FIELDS, parseEventFields, type EventInput } from './event-form'
import { ITEM_KIND_SCREENS, type EditedItemKind } from './item-kinds'
import {
  blankPriceOptionRow,
  parsePriceOptionRows,
  postedPriceOptionRows,
  priceOptionRowValues,
  type PriceOptionRow,
  type PriceOptionRowValues,
} from './price-option-rows'

export const ITEM_FORM_MESSAGES = {
  nameRequired: 'Name is required!',
  nameTooLong: 'Name must be at most 200 characters.',
  summaryTooLong: 'Summary must be at most 1000 characters.',
  descriptionTooLong: 'Description is too long.',
  slugEmpty: 'SEO URL needs at least one letter or digit.',
  slugTaken: (singular: string) => `This SEO URL is already used by another ${singular.toLowerCase()}.`,
  paymentTypeInvalid: 'Please choose Free, Paid, External or Donation.',
  linkRequired: 'Link is required!',
  linkInvalid: 'Please enter a full address starting with http:// or https://.',
  paidNeedsPrice: 'A paid item needs at least one price option.',
  stockInvalid: 'Stock quantity must be a whole number, zero or more.',
  supplierUnknown: 'Please choose a supplier from the list.',
  supplierNameTooLong: 'Supplier name must be at most 200 characters.',
  supplierBoth: 'Choose a supplier or add a new one, not both.',
  productNeedsPrice: 'Merchandise needs a price: add a price option.',
  fixErrors: 'Please correct the fields marked below.',
} as const

/** The intents of the editor's submit buttons. */
export const ITEM_FORM_INTENTS = { save: 'save', addPriceOption: 'add-price-option', removePriceOption: 'remove-price-option' } as const

/** What the editor form shows: its fields as text ('on' for a ticked box) and its price option rows. */
export interface ItemFormValues {
  fields: Record<string, string>
  priceOptions: PriceOptionRowValues[]
  /** A bundle's quantities as typed, by product guid. */
  contents?: Record<string, string>
}

/** A checked item form. */
export interface ItemInput {
  name: string
  /** The SEO URL typed by staff, already in the spec's form; null to make one from the name. */
  slug: string | null
  summary: string
  descriptionHtml: string
  isPublished: boolean
  paymentType: ItemPaymentType
  externalLink: string | null
  isAllowDemoChapters: boolean
  stockQuantity: number | null
  supplier: { kind: 'existing'; guid: string } | { kind: 'new'; name: string } | null
  priceOptions: PriceOptionRow[]
  /** Events only. */
  event: EventInput | null
  /** Donation campaigns only. */
  donation: DonationInput | null
  /** Bundles only: the products they hold. */
  bundle: BundleLine[] | null
}

/** How a tenant's settings shape its forms: the currency of amounts, the zone of times. */
export interface ItemFormContext {
  currency: string
  timeZone: string
  isAddressNeededForEvent: boolean
}

/** The scalar fields each kind's form carries, besides the price options. */
const FIELDS_OF_KIND: Readonly<Record<EditedItemKind, readonly string[]>> = {
  course: ['name', 'slug', 'summary', 'description', 'isPublished', 'paymentType', 'externalLink', 'isAllowDemoChapters'],
  product: ['name', 'slug', 'summary', 'description', 'isPublished', 'stockQuantity', 'supplierGuId', 'newSupplierName'],
  event: ['name', 'slug', 'summary', 'description', 'isPublished', ...EVENT_FIELDS],
  membership: ['name', 'slug', 'summary', 'description', 'isPublished'],
  donation: ['name', 'slug', 'summary', 'description', 'isPublished', ...DONATION_FIELDS],
  bundle: ['name', 'slug', 'summary', 'description', 'isPublished'],
}

const CHECKBOXES = new Set<string>(['isPublished', 'isAllowDemoChapters', 'isFeatured', ...DONATION_CHECKBOXES])

export function blankItemFormValues(kind: EditedItemKind): ItemFormValues {
  const fields: Record<string, string> = Object.fromEntries(FIELDS_OF_KIND[kind].map((name) => [name, '']))
  if (kind === 'course') fields.paymentType = 'PAID'
  // A campaign takes what donors choose: it has no price options.
  if (kind === 'donation') return { fields: { ...fields, ...BLANK_DONATION_FIELDS }, priceOptions: [] }
  if (kind === 'bundle') return { fields, priceOptions: [blankPriceOptionRow()], contents: {} }
  return { fields, priceOptions: [blankPriceOptionRow()] }
}

export type ItemFormOutcome =
  | { status: 'valid'; input: ItemInput; values: ItemFormValues }
  | { status: 'invalid'; values: ItemFormValues; errors: Record<string, string[]> }
  /** A row was added or removed: the form is shown again with no messages. */
  | { status: 'rows-changed'; values: ItemFormValues }

const asText = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * Reads an item editor's post for one kind: the fields as text to show again, then either the
 * checked input, the messages keyed by input name, or (for the 'Add price option' and remove
 * buttons of a form posted without JavaScript) the same values with a row more or less.
 */
export function parseItemForm(kind: EditedItemKind, formData: FormData, settings: ItemFormContext): ItemFormOutcome {
  const { currency } = settings
  // conform's reader gives the nested shape of names like priceOptions[0].membershipDetails.credits.
  const payload = (parseWithZod(formData, { schema: z.record(z.unknown()) }).payload ?? {}) as Record<string, unknown>
  const fields: Record<string, string> = {}
  for (const name of FIELDS_OF_KIND[kind]) fields[name] = CHECKBOXES.has(name) ? (payload[name] === 'on' ? 'on' : '') : asText(payload[name])
  const priceOptions = kind === 'donation' ? [] : postedPriceOptionRows(payload.priceOptions).map(priceOptionRowValues)
  const values: ItemFormValues = kind === 'bundle' ? { fields, priceOptions, contents: postedBundleContents(payload.contents) } : { fields, priceOptions }

  const intent = asText(formData.get('intent'))
  if (intent === ITEM_FORM_INTENTS.addPriceOption) {
    return { status: 'rows-changed', values: { ...values, priceOptions: [...priceOptions, blankPriceOptionRow()] } }
  }
  if (intent.startsWith(`${ITEM_FORM_INTENTS.removePriceOption}:`)) {
    const index = Number(intent.slice(ITEM_FORM_INTENTS.removePriceOption.length + 1))
    return { status: 'rows-changed', values: { ...values, priceOptions: priceOptions.filter((_, at) => at !== index) } }
  }

  const errors: Record<string, string[]> = {}
  const add = (key: string, message: string) => (errors[key] ??= []).push(message)
  const screen = ITEM_KIND_SCREENS[kind]

  const name = fields.name?.trim() ?? ''
  if (name === '') add('name', ITEM_FORM_MESSAGES.nameRequired)
  else if (name.length > 200) add('name', ITEM_FORM_MESSAGES.nameTooLong)

  let slug: string | null = null
  if ((fields.slug ?? '').trim() !== '') {
    slug = pathSlug(fields.slug ?? '')
    if (slug === '') add('slug', ITEM_FORM_MESSAGES.slugEmpty)
  }
  const summary = (fields.summary ?? '').trim()
  if (summary.length > 1000) add('summary', ITEM_FORM_MESSAGES.summaryTooLong)
  const descriptionHtml = sanitizeFormHtml(fields.description ?? '')
  if (descriptionHtml.length > 100_000) add('description', ITEM_FORM_MESSAGES.descriptionTooLong)

  let paymentType: ItemPaymentType = 'PAID'
  let externalLink: string | null = null
  if (kind === 'course') {
    const chosen = (ITEM_PAYMENT_TYPES as readonly string[]).find((type) => type === fields.paymentType)
    if (!chosen) add('paymentType', ITEM_FORM_MESSAGES.paymentTypeInvalid)
    else paymentType = chosen as ItemPaymentType
    if (paymentType === 'EXTERNAL') {
      const link = (fields.externalLink ?? '').trim()
      if (link === '') add('externalLink', ITEM_FORM_MESSAGES.linkRequired)
      else if (!isWebAddress(link) || link.length > 2000) add('externalLink', ITEM_FORM_MESSAGES.linkInvalid)
      else externalLink = link
    }
  }

  let stockQuantity: number | null = null
  let supplier: ItemInput['supplier'] = null
  if (kind === 'product') {
    const stock = (fields.stockQuantity ?? '').trim()
    if (stock !== '') {
      if (/^\d{1,7}$/.test(stock)) stockQuantity = Number(stock)
      else add('stockQuantity', ITEM_FORM_MESSAGES.stockInvalid)
    }
    const chosen = (fields.supplierGuId ?? '').trim()
    const added = (fields.newSupplierName ?? '').trim()
    if (chosen !== '' && added !== '') add('newSupplierName', ITEM_FORM_MESSAGES.supplierBoth)
    else if (added.length > 200) add('newSupplierName', ITEM_FORM_MESSAGES.supplierNameTooLong)
    else if (added !== '') supplier = { kind: 'new', name: added }
    else if (chosen !== '') {
      if (!z.string().uuid().safeParse(chosen).success) add('supplierGuId', ITEM_FORM_MESSAGES.supplierUnknown)
      else supplier = { kind: 'existing', guid: chosen.toLowerCase() }
    }
  }

  const event = kind === 'event' ? parseEventFields(fields, settings, add) : null
  const donation = kind === 'donation' ? parseDonationFields(fields, currency, add) : null
  const bundle = kind === 'bundle' ? parseBundleContents(values.contents ?? {}, add) : null
  if (kind === 'donation') paymentType = 'DONATION'

  const parsedRows: ReturnType<typeof parsePriceOptionRows> = kind === 'donation' ? { rows: [], errors: {} } : parsePriceOptionRows(payload.priceOptions, currency, screen.allowsMemberships)
  for (const [key, messages] of Object.entries(parsedRows.errors)) for (const message of messages) add(key, message)
  const rowsOk = Object.keys(parsedRows.errors).length === 0
  if (rowsOk && parsedRows.rows.length === 0) {
    if (kind === 'course' && paymentType === 'PAID') add('priceOptions', ITEM_FORM_MESSAGES.paidNeedsPrice)
    if (kind === 'product') add('priceOptions', ITEM_FORM_MESSAGES.productNeedsPrice)
    if (kind === 'bundle') add('priceOptions', BUNDLE_FORM_MESSAGES.needsPrice)
  }

  if (Object.keys(errors).length > 0) return { status: 'invalid', values, errors }
  return {
    status: 'valid',
    values,
    input: {
      name,
      slug,
      summary,
      descriptionHtml,
      isPublished: fields.isPublished === 'on',
      paymentType,
      externalLink,
      isAllowDemoChapters: kind === 'course' && fields.isAllowDemoChapters === 'on',
      stockQuantity,
      supplier,
      event,
      donation,
      bundle,
      // A free or external course sells through no price option of ours: keep none.
      priceOptions: kind === 'course' && (paymentType === 'FREE' || paymentType === 'EXTERNAL') ? [] : parsedRows.rows,
    },
  }
}

/**
 * The spec's SEO URL of a typed text, in the form the table keeps (letters, digits and single
 * hyphens): the rule keeps underscores, which an address segment of ours does not, so they
 * become hyphens like spaces.
 */
export function pathSlug(text: string): string {
  return seoSlug(text.replace(/_/g, ' '))
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')
  } catch {
    return false
  }
}
