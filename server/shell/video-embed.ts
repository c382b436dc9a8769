const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com'])
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'])
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const VIMEO_ID = /^\d+$/

/**
 * Turns a YouTube or Vimeo link into its embed form; anything else yields '' ("an invalid URL
 * yields an empty link"). Links from other sites count as invalid too, since the result is
 * put in an iframe. Staff often paste links without a scheme, so https is assumed.
 */
export function toVideoEmbedUrl(link: string): string {
  const url = parseUrl(link.trim())
  if (!url) return ''
  const host = url.hostname.toLowerCase()
  const segments = url.pathname.split('/').filter((segment) => segment.length > 0)

  if (YOUTUBE_HOSTS.has(host) || host === 'youtu.be') {
    const id = youtubeId(host, segments, url.searchParams)
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/embed/${id}` : ''
  }
  if (VIMEO_HOSTS.has(host)) {
    // vimeo.com/{id} or player.vimeo.com/video/{id}
    const id = host === 'player.vimeo.com' && segments[0] === 'video' ? segments[1] : segments[0]
    return id && VIMEO_ID.test(id) ? `https://player.vimeo.com/video/${id}` : ''
  }
  return ''
}

function youtubeId(host: string, segments: readonly string[], query: URLSearchParams): string | undefined {
  if (host === 'youtu.be') return segments[0]
  if (segments[0] === 'watch') return query.get('v') ?? undefined
  if (segments[0] === 'shorts' || segments[0] === 'embed') return segments[1]
  return undefined
}

function parseUrl(value: string): URL | null {
  if (value === '') return null
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`
  try {
    const url = new URL(withScheme)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null
  } catch {
    return null
  }
}
