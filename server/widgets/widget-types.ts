import type { WidgetTypeKey } from '#db/tables/widgets'

export type { WidgetTypeKey } from '#db/tables/widgets'

/**
 * The widget types of the settings spec ("Types: Announcement, Event Sidebar, Event List, Past
 * Event List, Link"), stored by key and shown by the spec's label, in the spec's order.
 */
export const WIDGET_TYPES: ReadonlyArray<{ key: WidgetTypeKey; label: string; description: string }> = [
  { key: 'announcement', label: 'Announcement', description: 'A heading and a short text, such as news or opening hours.' },
  { key: 'event_sidebar', label: 'Event Sidebar', description: 'A compact list of upcoming events for a narrow column.' },
  { key: 'event_list', label: 'Event List', description: 'Upcoming events with their dates, places and prices.' },
  { key: 'past_event_list', label: 'Past Event List', description: 'Events that have ended, the latest first.' },
  { key: 'link', label: 'Link', description: 'A button that leads to a web address.' },
]

export const WIDGET_TYPE_KEYS = WIDGET_TYPES.map((type) => type.key) as [WidgetTypeKey, ...WidgetTypeKey[]]

export function widgetTypeLabel(key: WidgetTypeKey): string {
  return WIDGET_TYPES.find((type) => type.key === key)?.label ?? key
}

export function isWidgetTypeKey(value: string): value is WidgetTypeKey {
  return (WIDGET_TYPE_KEYS as readonly string[]).includes(value)
}

/** The types that list events from the catalog. */
export function listsEvents(key: WidgetTypeKey): key is 'event_sidebar' | 'event_list' | 'past_event_list' {
  return key === 'event_sidebar' || key === 'event_list' || key === 'past_event_list'
}

/** How many events a new event widget shows, and the most it may. */
export const DEFAULT_EVENT_COUNT = 5
export const MAX_EVENT_COUNT = 20

/**
 * The frame's height before the widget has said how tall it is (the script tag's frame grows
 * to fit at once), and the height the plain iframe snippet gets when the widget has none.
 */
export function defaultFrameHeight(key: WidgetTypeKey): number {
  switch (key) {
    case 'link':
      return 96
    case 'announcement':
      return 240
    case 'event_sidebar':
      return 360
    default:
      return 480
  }
}
