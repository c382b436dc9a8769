import type { Generated } from 'kysely'
import type { CreatedAt, Json } from './column-types'

export type MediaKind = 'image' | 'video'

/** One stored width of an image: served at `/uploads/<file_key>-<name>.webp`. */
export interface StoredMediaVariant {
  name: string
  width: number
  height: number
}

/** A studio's image or video in its media gallery. */
export interface MediaItemsTable {
  id: Generated<string>
  guid: Generated<string>
  tenant_id: string
  kind: MediaKind
  /** Random (18 bytes, base64url): every stored file of the item is named from it. */
  file_key: string
  /** What the bytes were when sent (read from them, not from the name). */
  content_type: string
  /** Images: the WebP variants, narrowest first; videos: none. */
  variants: Json<StoredMediaVariant[]>
  /** The size of the file that was sent. */
  byte_size: number
  /** The upright size of an image; null for a video. */
  width: number | null
  height: number | null
  /** An image's alternative text, or a video's title. */
  alt_text: Generated<string>
  original_name: Generated<string>
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface MediaTables {
  media_items: MediaItemsTable
}
