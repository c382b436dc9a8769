import type { Generated } from 'kysely'
import type { CreatedAt } from './column-types'

/** The stable keys of the widget types; the screens show the spec's labels (server/widgets/widget-types.ts). */
export type WidgetTypeKey = 'announcement' | 'event_sidebar' | 'event_list' | 'past_event_list' | 'link'

/** A studio's embeddable widget; `guid` is its public id in addresses. */
export interface WidgetsTable {
  id: Generated<string>
  guid: Generated<string>
  tenant_id: string
  name: string
  type: WidgetTypeKey
  /** The heading shown in the widget (a Link widget's button text); '' for none. */
  title: Generated<string>
  /** Announcement: sanitised rich text; '' for other types. */
  body_html: Generated<string>
  /** Link: where the button leads (http or https); null for other types. */
  link_url: string | null
  /** Event types: how many events to show. */
  event_count: Generated<number>
  /** The frame's size in CSS pixels; null lets it fill the width and fit its content. */
  width: number | null
  height: number | null
  is_published: Generated<boolean>
  published_at: Date | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface WidgetTables {
  widgets: WidgetsTable
}
