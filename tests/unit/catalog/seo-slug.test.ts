import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SLUG_MAX_LENGTH, seoSlug, uniqueSeoSlug } from '#server/catalog/seo-slug'

describe('the SEO slug rule (spec 000 section 5)', () => {
  it.each([
    ['lowercased', 'Vinyasa Flow', 'vinyasa-flow'],
    ['accents removed', 'Café Crème Brûlée', 'cafe-creme-brulee'],
    ['non-ASCII removed', 'Yoga 瑜伽 Basics', 'yoga-basics'],
    ['spaces become hyphens, runs of them one hyphen', 'Kids   Art  Class', 'kids-art-class'],
    ['& becomes -and-', 'Mind & Body', 'mind-and-body'],
    ['& without spaces', 'Arts&Crafts', 'arts-and-crafts'],
    ['repeated hyphens collapse', 'Pre--School -- Music', 'pre-school-music'],
    ['leading and trailing hyphens stripped', '  -Summer Camp-  ', 'summer-camp'],
    ['punctuation a path cannot carry is removed', 'Yoga: Level 1 / Beginners? #1.', 'yoga-level-1-beginners-1'],
    ['tabs and new lines are spaces', 'Tai\tChi\nClass', 'tai-chi-class'],
    ['digits and underscores stay', 'Grade_5 Math 2026', 'grade_5-math-2026'],
    ['ligatures and full-width letters fold', 'Ｙｏｇａ ﬁt', 'yoga-fit'],
    ['nothing left', '瑜伽 !!!', ''],
  ])('%s: %s -> %s', (_, text, slug) => {
    expect(seoSlug(text)).toBe(slug)
  })

  it('cuts a long title at the limit without a trailing hyphen', () => {
    const slug = seoSlug(`${'a'.repeat(SLUG_MAX_LENGTH - 1)} b`)
    expect(slug).toBe('a'.repeat(SLUG_MAX_LENGTH - 1))
  })

  it('always gives a path-safe slug that the rule leaves as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (text) => {
        const slug = seoSlug(text)
        expect(slug).toMatch(/^([a-z0-9_]+(-[a-z0-9_]+)*)?$/)
        expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH)
        expect(seoSlug(slug)).toBe(slug)
      }),
    )
  })
})

describe('a unique slug among those taken', () => {
  it('is the slug itself when free', () => {
    expect(uniqueSeoSlug('Mind & Body', ['yoga'], 'course')).toBe('mind-and-body')
  })

  it('takes the first free number from 2', () => {
    expect(uniqueSeoSlug('Mind & Body', ['mind-and-body', 'mind-and-body-2', 'mind-and-body-4'], 'course')).toBe('mind-and-body-3')
  })

  it('uses the fallback when nothing is left of the title', () => {
    expect(uniqueSeoSlug('瑜伽', [], 'course')).toBe('course')
    expect(uniqueSeoSlug('!!!', new Set(['course']), 'course')).toBe('course-2')
  })

  it('keeps a numbered slug within the limit', () => {
    const long = 'x'.repeat(SLUG_MAX_LENGTH)
    const slug = uniqueSeoSlug(long, [long], 'course')
    expect(slug).toBe(`${'x'.repeat(SLUG_MAX_LENGTH - 2)}-2`)
  })

  it('never returns a taken slug', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.array(fc.string({ maxLength: 12 }).map((s) => seoSlug(s)), { maxLength: 20 }), (title, others) => {
        const taken = [...others, seoSlug(title), `${seoSlug(title)}-2`]
        const slug = uniqueSeoSlug(title, taken, 'event')
        expect(taken).not.toContain(slug)
        expect(slug).not.toBe('')
      }),
    )
  })
})
