import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { VIDEO_EMBED_ORIGINS, videoEmbedUrl } from '#server/catalog/video-embed'

const YT = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'

describe('a video link becomes its embed address (spec 000 section 5)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['http://youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&index=2', YT],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['https://youtu.be/dQw4w9WgXcQ', YT],
    ['  https://youtu.be/dQw4w9WgXcQ?si=abc  ', YT],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', YT],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', YT],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', YT],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', YT],
    ['https://youtu.be/dQw4w9WgXcQ?t=90', `${YT}?start=90`],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s', `${YT}?start=90`],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871?share=copy', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/8272103f6e', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/groups/shortfilms/videos/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
  ])('%s', (link, embed) => {
    expect(videoEmbedUrl(link)).toBe(embed)
  })

  it.each([
    ['not a URL', 'dQw4w9WgXcQ'],
    ['another site', 'https://example.com/watch?v=dQw4w9WgXcQ'],
    ['a look-alike host', 'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ'],
    ['a host ending like YouTube', 'https://notyoutube.com/watch?v=dQw4w9WgXcQ'],
    ['a script address', 'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['credentials in the address', 'https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a port', 'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ'],
    ['a short id', 'https://youtu.be/dQw4w9W'],
    ['an id with a quote', 'https://www.youtube.com/watch?v=dQw4w9Wg"cQ'],
    ['no id', 'https://www.youtube.com/watch'],
    ['a channel page', 'https://www.youtube.com/@studio'],
    ['a playlist', 'https://www.youtube.com/playlist?list=PL1234567890'],
    ['a Vimeo page that is not a video', 'https://vimeo.com/channels/staffpicks'],
    ['a Vimeo hash that is not hex', 'https://vimeo.com/76979871/"onload=x'],
    ['ftp', 'ftp://youtu.be/dQw4w9WgXcQ'],
    ['empty', ''],
  ])('refuses %s', (_, link) => {
    expect(videoEmbedUrl(link)).toBeNull()
  })

  it('never gives an address outside the embed origins', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()), (link) => {
        const embed = videoEmbedUrl(link)
        if (embed !== null) expect(VIDEO_EMBED_ORIGINS.some((origin) => embed.startsWith(`${origin}/`))).toBe(true)
      }),
    )
  })
})
