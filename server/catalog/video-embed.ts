/**
 * Spec 000 section 5: "Video links from a video site are converted to embed form; an invalid
 * URL yields an empty link." A chapter's video link is shown in an iframe, so only links of
 * the video sites below become an address, rebuilt from the video's id alone; anything else
 * is null (no iframe), never passed through.
 */

/** The origins an embed address can have: what a page's frame-src must allow. */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com'])
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'])
const VIMEO_ID = /^\d{1,12}$/
const VIMEO_HASH = /^[0-9a-f]{6,20}$/

/**
 * The embed address of a YouTube or Vimeo link, or null. YouTube plays in its privacy-enhanced
 * mode (no cookies until the visitor plays) and keeps a start time ('t=90', 't=1m30s'); an
 * unlisted Vimeo video keeps its hash.
 */
export function videoEmbedUrl(link: string): string | null {
  let url: URL
  try {
    url = new URL(link.trim())
  } catch {
    return null
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) return null
  const host = url.hostname.toLowerCase()
  const parts = url.pathname.split('/').filter(Boolean)
  if (host === 'youtu.be' || YOUTUBE_HOSTS.has(host)) return youtubeEmbed(host, parts, url.searchParams)
  if (VIMEO_HOSTS.has(host)) return vimeoEmbed(host, parts, url.searchParams)
  return null
}

function youtubeEmbed(host: string, parts: string[], query: URLSearchParams): string | null {
  let id: string | undefined
  if (host === 'youtu.be') id = parts.length === 1 ? parts[0] : undefined
  else if (parts.length === 1 && parts[0] === 'watch') id = query.get('v') ?? undefined
  else if (parts.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(parts[0])) id = parts[1]
  if (!id || !YOUTUBE_ID.test(id)) return null
  const start = secondsOf(query.get('t') ?? query.get('start'))
  return `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ''}`
}

function vimeoEmbed(host: string, parts: string[], query: URLSearchParams): string | null {
  let id: string | undefined
  let hash: string | null = null
  if (host === 'player.vimeo.com') {
    if (parts.length === 2 && parts[0] === 'video') id = parts[1]
    hash = query.get('h')
  } else {
    // vimeo.com/{id}, vimeo.com/{id}/{hash}, vimeo.com/channels/{name}/{id}, vimeo.com/groups/{name}/videos/{id}
    const numeric = parts.findIndex((part) => VIMEO_ID.test(part))
    const before = parts.slice(0, Math.max(numeric, 0))
    const shapeOk =
      (numeric === 0 && parts.length <= 2) ||
      (numeric === 2 && before[0] === 'channels' && parts.length === 3) ||
      (numeric === 3 && before[0] === 'groups' && before[2] === 'videos' && parts.length === 4)
    if (shapeOk) {
      id = parts[numeric]
      hash = numeric === 0 && parts.length === 2 ? parts[1] : query.get('h')
    }
  }
  if (!id || !VIMEO_ID.test(id)) return null
  if (hash !== null && !VIMEO_HASH.test(hash)) return null
  return `https://player.vimeo.com/video/${id}${hash ? `?h=${hash}` : ''}`
}

/** '90', '90s', '1m30s', '1h2m3s' as whole seconds; 0 for anything else. */
function secondsOf(value: string | null): number {
  if (!value) return 0
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(value)
  if (!match) return 0
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)
}
