import { createHash, timingSafeEqual } from 'node:crypto'
import { withTenant } from '#db/tenant-scope'
import { isPublicListingShown } from '#server/catalog/public/public-item-gates'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { Platform } from '#server/platform'
import { API_KEYS, readApiKeyWith } from '#server/settings/tenant-api-keys'
import { brandShadesFor } from '#server/shell/brand-colours'
import type { Tenant } from '#server/tenancy/tenant'
import { sanitizeRichTextHtml } from '#server/text/rich-text-html'
import { widgetEvents, type WidgetEvent } from './widget-events'
import { listsEvents, widgetTypeLabel, type WidgetTypeKey } from './widget-types'
import { isUuid } from '#server/text/is-uuid'


/** A published widget as another website shows it, with live data from the catalog. */
export interface EmbeddedWidget {
  guid: string
  type: WidgetTypeKey
  typeLabel: string
  /** What the frame is called (its `title`) and the page's title. */
  name: string
  /** The heading inside the widget; '' for none. */
  heading: string
  frame: { width: number | null; height: number | null }
  /** Announcement: sanitised rich text. */
  announcementHtml: string | null
  /** Link: where the button leads and what it says. */
  link: { url: string; label: string } | null
  /** Event types: the events, and where the studio lists them all (null while its events page is off). */
  events: WidgetEvent[] | null
  allEventsUrl: string | null
  /** Said when an event widget has no events. */
  emptyText: string
  /** The link to every event, in the visitor's language. */
  allEventsText: string
  /** The visitor's language (their choice, else their browser's, else the studio's), the frame's `lang`. */
  language: Language
  /** The studio's colour, in shades that keep text readable (server/shell/brand-colours.ts). */
  brand: { surface: string; onSurface: string; surfaceHover: string; text: string }
}

/**
 * The widget `unverifiedGuid` of this studio, when `unverifiedKey` is the studio's plugin key
 * (Settings > SEO settings) and the widget is published; null otherwise, whichever check
 * failed, so an answer never tells a wrong key from an unknown or unpublished widget.
 *
 * The key is no secret once it sits in a page of the studio's website: it only says which
 * studio's published widgets a site shows, and unlocks nothing that is not public already.
 */
export async function loadEmbeddedWidget(
  platform: Pick<Platform, 'database' | 'env'>,
  tenant: Tenant,
  input: { unverifiedGuid: string; unverifiedKey: string; now: Date; origin: string; language?: Language },
): Promise<EmbeddedWidget | null> {
  if (!isUuid(input.unverifiedGuid) || input.unverifiedKey === '' || input.unverifiedKey.length > 200) return null
  const widget = await withTenant(platform.database, tenant.id, async (trx) => {
    const key = await readApiKeyWith(trx, platform, tenant, API_KEYS.plugin)
    if (!sameKey(key, input.unverifiedKey)) return null
    return trx.selectFrom('widgets').selectAll().where('guid', '=', input.unverifiedGuid).where('is_published', '=', true).executeTakeFirst()
  })
  if (!widget) return null

  const language = input.language ?? 'en'
  const t = tFor(language, 'listings')
  const eventsShown = isPublicListingShown(tenant.settings, 'events')
  let events: WidgetEvent[] | null = null
  if (listsEvents(widget.type)) {
    events = eventsShown
      ? await widgetEvents(platform.database, tenant, { when: widget.type === 'past_event_list' ? 'past' : 'upcoming', limit: widget.event_count, now: input.now, origin: input.origin, language })
      : []
  }
  const shades = brandShadesFor(tenant.settings.appPrimaryColor)
  const name = widget.title || widget.name
  return {
    guid: widget.guid,
    type: widget.type,
    typeLabel: widgetTypeLabel(widget.type),
    name,
    heading: widget.type === 'link' ? '' : widget.title,
    frame: { width: widget.width, height: widget.height },
    // Sanitised on save; again here, as everywhere tenant HTML is shown.
    announcementHtml: widget.type === 'announcement' ? sanitizeRichTextHtml(widget.body_html) : null,
    link: widget.type === 'link' && widget.link_url ? { url: widget.link_url, label: name } : null,
    events,
    allEventsUrl: events !== null && eventsShown && widget.type !== 'past_event_list' ? `${input.origin}/events` : null,
    emptyText: t(widget.type === 'past_event_list' ? 'widget_noPastEvents' : 'widget_noUpcomingEvents'),
    allEventsText: t('widget_allEvents'),
    language,
    brand: { surface: shades.surface, onSurface: shades.onSurface, surfaceHover: shades.surfaceHover, text: shades.text },
  }
}

/** Compares digests, so the time taken says nothing about how much of a guessed key was right. */
function sameKey(stored: string, given: string): boolean {
  if (stored === '') return false
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()
  return timingSafeEqual(digest(stored), digest(given))
}
