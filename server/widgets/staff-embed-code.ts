import type { Platform } from '#server/platform'
import { API_KEYS, readApiKey } from '#server/settings/tenant-api-keys'
import type { Tenant } from '#server/tenancy/tenant'
import { embedSnippets, WIDGET_EMBED_PATH } from './embed-code'
import { defaultFrameHeight, type WidgetTypeKey } from './widget-types'

export interface StaffEmbedCode {
  /** Null while the studio has no plugin API key (Settings > SEO settings makes one). */
  snippets: { script: string; iframe: string } | null
  /** The widget's page on the staff's own host, for the preview; null until it is published. */
  previewPath: string | null
  frameHeight: number
}

/** The code the edit screen offers to copy, naming the studio's own host (never the request's). */
export async function staffEmbedCode(
  platform: Pick<Platform, 'database' | 'env'>,
  tenant: Tenant,
  widget: { guid: string; title: string; type: WidgetTypeKey; width: number | null; height: number | null; isPublished: boolean },
  origin: string,
): Promise<StaffEmbedCode> {
  const key = await readApiKey(platform, tenant, API_KEYS.plugin)
  const frameHeight = widget.height ?? defaultFrameHeight(widget.type)
  if (key === '') return { snippets: null, previewPath: null, frameHeight }
  return {
    snippets: embedSnippets({ origin, guid: widget.guid, key, title: widget.title, type: widget.type, width: widget.width, height: widget.height }),
    previewPath: widget.isPublished ? `${WIDGET_EMBED_PATH}${widget.guid}?key=${encodeURIComponent(key)}` : null,
    frameHeight,
  }
}
