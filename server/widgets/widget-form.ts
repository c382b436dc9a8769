import { z } from 'zod'
import { err, ok, type Result, type WordedResult } from '#server/errors/result'
import { sanitizeRichTextHtml } from '#server/text/rich-text-html'
import { withoutControlCharacters } from '#server/text/without-control-characters'
import { WIDGET_MESSAGES } from './widget-messages'
import { DEFAULT_EVENT_COUNT, isWidgetTypeKey, listsEvents, MAX_EVENT_COUNT, type WidgetTypeKey } from './widget-types'

/** What the form posts, as typed (missing fields read as empty). */
export interface WidgetFormValues {
  name: string
  type: string
  title: string
  body: string
  url: string
  count: string
  width: string
  height: string
}

export type WidgetFormErrors = Partial<Record<keyof WidgetFormValues | 'form', string>>

export const NEW_WIDGET_VALUES: WidgetFormValues = { name: '', type: 'event_list', title: '', body: '', url: '', count: String(DEFAULT_EVENT_COUNT), width: '', height: '' }

const text = z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string())
const formSchema = z.object({ name: text, type: text, title: text, body: text, url: text, count: text, width: text, height: text })

export function readWidgetForm(form: FormData): WidgetFormValues {
  const field = (name: keyof WidgetFormValues) => form.get(name)
  return formSchema.parse({
    name: field('name'),
    type: field('type'),
    title: field('title'),
    body: field('body'),
    url: field('url'),
    count: field('count'),
    width: field('width'),
    height: field('height'),
  })
}

/** A widget as stored: fields its type does not use are left empty. */
export interface CheckedWidget {
  name: string
  type: WidgetTypeKey
  title: string
  bodyHtml: string
  linkUrl: string | null
  eventCount: number
  width: number | null
  height: number | null
}

/**
 * The spec's rules (a name; a URL for a Link widget; width and height not required) and ours:
 * lengths the table holds, a web address a visitor's browser can open, an announcement
 * sanitised to what the editor makes. `fixedType` is the stored type when editing: the type
 * select is disabled there, so whatever was posted for it is ignored.
 */
export function checkWidgetForm(values: WidgetFormValues, fixedType: WidgetTypeKey | null): Result<CheckedWidget, 'invalid_input', WidgetFormErrors> {
  const errors: WidgetFormErrors = {}
  const name = withoutControlCharacters(values.name).replace(/\s+/g, ' ').trim()
  if (name === '') errors.name = WIDGET_MESSAGES.nameRequired
  else if (name.length > 100) errors.name = WIDGET_MESSAGES.nameTooLong

  const postedType = values.type.trim()
  const type = fixedType ?? (isWidgetTypeKey(postedType) ? postedType : null)
  if (type === null) errors.type = WIDGET_MESSAGES.typeRequired

  const title = withoutControlCharacters(values.title).replace(/\s+/g, ' ').trim()
  if (title.length > 200) errors.title = WIDGET_MESSAGES.titleTooLong

  let bodyHtml = ''
  if (type === 'announcement') {
    bodyHtml = values.body.length > 100_000 ? '' : sanitizeRichTextHtml(withoutControlCharacters(values.body))
    if (values.body.length > 100_000) errors.body = WIDGET_MESSAGES.bodyTooLong
    else if (bodyHtml === '') errors.body = WIDGET_MESSAGES.bodyRequired
  }

  let linkUrl: string | null = null
  if (type === 'link') {
    const url = checkLinkUrl(values.url)
    if (url.ok) linkUrl = url.value
    else errors.url = url.message
  }

  let eventCount = DEFAULT_EVENT_COUNT
  if (type !== null && listsEvents(type)) {
    const count = wholeNumber(values.count)
    if (count === null || count < 1 || count > MAX_EVENT_COUNT) errors.count = WIDGET_MESSAGES.countInvalid
    else eventCount = count
  }

  const width = optionalPixels(values.width, 100, 4000)
  if (width === undefined) errors.width = WIDGET_MESSAGES.widthInvalid
  const height = optionalPixels(values.height, 40, 4000)
  if (height === undefined) errors.height = WIDGET_MESSAGES.heightInvalid

  if (Object.keys(errors).length > 0 || type === null || width === undefined || height === undefined) return err('invalid_input', undefined, errors)
  return ok({ name, type, title, bodyHtml, linkUrl, eventCount, width, height })
}

function checkLinkUrl(value: string): WordedResult<string, 'invalid_input'> {
  const trimmed = withoutControlCharacters(value).trim()
  if (trimmed === '') return err('invalid_input', WIDGET_MESSAGES.urlRequired)
  if (trimmed.length > 2000) return err('invalid_input', WIDGET_MESSAGES.urlTooLong)
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return err('invalid_input', WIDGET_MESSAGES.urlInvalid)
  }
  // Only addresses a browser opens as a page: no javascript:, data: or file: links on somebody's website.
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '' || url.username || url.password) return err('invalid_input', WIDGET_MESSAGES.urlInvalid)
  return ok(url.href)
}

function wholeNumber(value: string): number | null {
  const trimmed = value.trim()
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : null
}

/** A size in pixels, null when left empty, undefined when it is not one in range. */
function optionalPixels(value: string, min: number, max: number): number | null | undefined {
  if (value.trim() === '') return null
  const pixels = wholeNumber(value.replace(/px$/i, ''))
  return pixels !== null && pixels >= min && pixels <= max ? pixels : undefined
}
