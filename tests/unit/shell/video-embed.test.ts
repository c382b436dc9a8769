import { describe, expect, it } from 'vitest'
import { toVideoEmbedUrl } from '#server/shell/video-embed'

const youtube = 'https://www.youtube.com/embed/dQw4w9WgXcQ'

describe('toVideoEmbedUrl', () => {
  it.each([
    { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', embed: youtube },
    { link: 'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', embed: youtube },
    { link: 'https://m.youtube.com/watch?v=dQw4w9WgXcQ', embed: youtube },
    { link: 'https://youtu.be/dQw4w9WgXcQ', embed: youtube },
    { link: 'https://www.youtube.com/shorts/dQw4w9WgXcQ', embed: youtube },
    { link: 'https://www.youtube.com/embed/dQw4w9WgXcQ', embed: youtube },
    { link: 'www.youtube.com/watch?v=dQw4w9WgXcQ', embed: youtube },
    { link: 'https://vimeo.com/76979871', embed: 'https://player.vimeo.com/video/76979871' },
    { link: 'https://player.vimeo.com/video/76979871', embed: 'https://player.vimeo.com/video/76979871' },
  ])('converts $link to embed form', ({ link, embed }) => {
    expect(toVideoEmbedUrl(link)).toBe(embed)
  })

  it.each([
    { link: '' },
    { link: 'not a url' },
    { link: 'https://www.youtube.com/watch' },
    { link: 'https://www.youtube.com/watch?v=short' },
    { link: 'https://vimeo.com/channels/staffpicks' },
    { link: 'https://example.com/video.mp4' },
    { link: 'javascript:alert(1)' },
  ])('an invalid URL yields an empty link: $link', ({ link }) => {
    expect(toVideoEmbedUrl(link)).toBe('')
  })
})
