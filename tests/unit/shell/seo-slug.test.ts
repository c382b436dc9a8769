import { describe, expect, it } from 'vitest'
import { seoSlug } from '#server/shell/seo-slug'

describe('seoSlug', () => {
  it.each([
    { text: 'Yoga & Pilates', slug: 'yoga-and-pilates' },
    { text: ' Café Crème ', slug: 'cafe-creme' },
    { text: '--A  B--', slug: 'a-b' },
    { text: 'Rock&Roll', slug: 'rock-and-roll' },
    { text: 'Kids Camp 2026', slug: 'kids-camp-2026' },
    { text: 'Über Größe', slug: 'uber-groe' },
    { text: 'What? Why/How #1', slug: 'what-whyhow-1' },
    { text: '東京 Tour', slug: 'tour' },
    { text: '', slug: '' },
  ])('$text -> $slug', ({ text, slug }) => {
    expect(seoSlug(text)).toBe(slug)
  })
})
