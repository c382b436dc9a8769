import { createHash } from 'node:crypto'
import { FRAME_HEIGHT_MESSAGE, FRAME_HEIGHT_SCRIPT } from './frame-height'
import { defaultFrameHeight, type WidgetTypeKey } from './widget-types'

/**
 * How a published widget reaches another website (docs/decisions/125): the page a frame shows
 * (`/plugin/widgets/{guid}?key=`), a script that puts that frame where its tag is
 * (`{guid}.js?key=`), and the widget's data for sites that draw it themselves (`{guid}.json?key=`).
 */
export const WIDGET_EMBED_PATH = '/plugin/widgets/'

export type WidgetEmbedFormat = 'html' | 'js' | 'json'

const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.js|\.json)?$/i

/** The last segment of an embed address: the widget's guid and what is asked for; null for anything else. */
export function parseWidgetFile(file: string | undefined): { guid: string; format: WidgetEmbedFormat } | null {
  const match = FILE.exec(file ?? '')
  if (!match?.[1]) return null
  return { guid: match[1].toLowerCase(), format: match[2] === '.js' ? 'js' : match[2] === '.json' ? 'json' : 'html' }
}

export function widgetEmbedUrl(origin: string, guid: string, key: string, format: WidgetEmbedFormat = 'html'): string {
  const suffix = format === 'html' ? '' : `.${format}`
  return `${origin}${WIDGET_EMBED_PATH}${guid}${suffix}?key=${encodeURIComponent(key)}`
}

/** The script's CSP hash: the widget's page allows that one inline script and nothing else. */
export const FRAME_HEIGHT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FRAME_HEIGHT_SCRIPT, 'utf8').digest('base64')}'`

export interface EmbedTarget {
  origin: string
  guid: string
  key: string
  /** The frame's title: what a screen reader announces for it. */
  title: string
  type: WidgetTypeKey
  width: number | null
  height: number | null
}

/** JSON.stringify for a value put inside a script: `<` escaped so that no '</script>' ends it early. */
function scriptValue(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * The script of `{guid}.js`: a frame right after its own tag, as wide as the widget says (or the
 * space it is in), growing to fit the widget unless a height was set. It listens only to its own
 * frame, from the widget's origin.
 */
export function widgetLoaderScript(target: EmbedTarget): string {
  const settings = {
    src: widgetEmbedUrl(target.origin, target.guid, target.key),
    origin: target.origin,
    title: target.title,
    width: target.width,
    height: target.height ?? defaultFrameHeight(target.type),
    fits: target.height === null,
    message: FRAME_HEIGHT_MESSAGE,
  }
  return `(function () {
  var s = ${scriptValue(settings)};
  var tag = document.currentScript;
  var frame = document.createElement('iframe');
  frame.src = s.src;
  frame.title = s.title;
  frame.setAttribute('loading', 'lazy');
  frame.style.border = '0';
  frame.style.display = 'block';
  frame.style.width = s.width ? s.width + 'px' : '100%';
  frame.style.maxWidth = '100%';
  frame.style.height = s.height + 'px';
  frame.style.colorScheme = 'normal';
  if (s.fits) {
    window.addEventListener('message', function (event) {
      if (event.source !== frame.contentWindow || event.origin !== s.origin) return;
      var data = event.data;
      if (!data || data.type !== s.message || typeof data.height !== 'number') return;
      if (data.height > 0 && data.height < 20000) frame.style.height = Math.ceil(data.height) + 'px';
    });
  }
  if (tag && tag.parentNode) tag.parentNode.insertBefore(frame, tag.nextSibling);
  else document.body.appendChild(frame);
})();
`
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** The two snippets the edit screen offers to copy: the script tag, and a plain iframe for sites that take no scripts. */
export function embedSnippets(target: EmbedTarget): { script: string; iframe: string } {
  const script = `<script src="${attribute(widgetEmbedUrl(target.origin, target.guid, target.key, 'js'))}" async></script>`
  const width = target.width === null ? '100%' : String(target.width)
  const height = String(target.height ?? defaultFrameHeight(target.type))
  const iframe =
    `<iframe src="${attribute(widgetEmbedUrl(target.origin, target.guid, target.key))}" title="${attribute(target.title)}" ` +
    `width="${width}" height="${height}" style="border:0;max-width:100%" loading="lazy"></iframe>`
  return { script, iframe }
}

/**
 * The headers of every embed answer: any site may frame the page and read the answers (they
 * are public once the key is in a page), images come from this host or https, the one inline
 * script is the height script above, and browsers keep the answer half a minute.
 */
export function widgetEmbedHeaders(format: WidgetEmbedFormat | 'missing'): Record<string, string> {
  const contentType = {
    html: 'text/html; charset=utf-8',
    js: 'text/javascript; charset=utf-8',
    json: 'application/json; charset=utf-8',
    missing: 'text/plain; charset=utf-8',
  }[format]
  return {
    'Content-Type': contentType,
    // A wrong key or an unpublished widget is corrected on purpose: its 404 is not kept.
    'Cache-Control': format === 'missing' ? 'no-store' : 'public, max-age=30',
    // The frame and its data are written in the visitor's language (their choice, else their browser's).
    ...(format === 'html' || format === 'json' ? { Vary: 'Accept-Language, Cookie' } : {}),
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Content-Security-Policy': [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      "img-src 'self' https: data:",
      `script-src ${FRAME_HEIGHT_SCRIPT_HASH}`,
      "base-uri 'none'",
      "form-action 'none'",
      'frame-ancestors *',
    ].join('; '),
    'X-Robots-Tag': 'noindex',
  }
}
