import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  BRAND_TINT,
  brandCssVariables,
  brandShadesFor,
  contrastRatio,
  DEFAULT_BRAND_COLOUR,
  LIGHT_BACKGROUNDS,
  MIN_TEXT_CONTRAST,
  mixOver,
  NEAR_BLACK,
  parseHexColour,
  WHITE,
} from '#server/shell/brand-colours'

describe('contrast ratio (WCAG 2.1 formula)', () => {
  it.each([
    ['#ffffff', '#000000', 21],
    ['#000000', '#000000', 1],
    ['#4d8dfc', '#ffffff', 3.22],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
  ])('%s on %s is %s:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2)
  })
})

describe('parsing a stored colour', () => {
  it.each([
    ['4d8dfc', '#4d8dfc'],
    ['#4D8DFC', '#4d8dfc'],
    ['  #abc ', '#aabbcc'],
    ['fff', '#ffffff'],
    ['', null],
    ['red', null],
    ['#12345', null],
    ['url(x)', null],
    [null, null],
  ])('%j is %j', (input, expected) => {
    expect(parseHexColour(input)).toBe(expected)
  })
})

/** Many colours a tenant might pick: the default, primaries, pastels, mid-tones, greys. */
const PICKED = [
  '#4d8dfc', '#ffff00', '#000000', '#ffffff', '#808080', '#777777', '#767676', '#999999', '#666666', '#aaaaaa',
  '#ff0000', '#00ff00', '#0000ff', '#00ffff', '#ff00ff', '#ff8800', '#ffa500', '#ffc0cb', '#e91e63', '#9c27b0',
  '#3f51b5', '#2196f3', '#03a9f4', '#009688', '#4caf50', '#8bc34a', '#cddc39', '#ffeb3b', '#ffc107', '#ff5722',
  '#795548', '#607d8b', '#1e293b', '#f8fafc', '#f1f5f9', '#fde68a', '#14b8a6', '#6366f1', '#d946ef', '#10b981', '#d9467a', '#7c6cf0',
  '#ef4444', '#f97316', '#84cc16', '#0ea5e9', '#a3a3a3', '#5c5c5c', '#3366cc', '#cc3366', '#336633', '#7f7fff',
]

describe('brand shades for any colour a tenant picks', () => {
  it.each(PICKED)('%s: every pair reaches 4.5:1', (picked) => {
    const shades = brandShadesFor(picked)
    expect([WHITE, NEAR_BLACK]).toContain(shades.onSurface)
    expect(contrastRatio(shades.surface, shades.onSurface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    expect(contrastRatio(shades.surfaceHover, shades.onSurface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    for (const background of LIGHT_BACKGROUNDS) {
      expect(contrastRatio(shades.text, background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
      expect(contrastRatio(shades.text, mixOver(shades.surface, background, BRAND_TINT))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    }
  })

  it.each([
    // Kept as picked: white or near-black text passes on it.
    ['#4d8dfc', '#4d8dfc', NEAR_BLACK],
    ['#ffff00', '#ffff00', NEAR_BLACK],
    ['#000000', '#000000', WHITE],
    ['#ffffff', '#ffffff', NEAR_BLACK],
    ['#1e293b', '#1e293b', WHITE],
    ['#3366cc', '#3366cc', WHITE],
  ])('%s stays %s on buttons, with %s text', (picked, surface, onSurface) => {
    const shades = brandShadesFor(picked)
    expect(shades.surface).toBe(surface)
    expect(shades.onSurface).toBe(onSurface)
  })

  it.each(['#777777', '#7a7a7a', '#7f7f7f', '#d9467a', '#7c6cf0', '#d04d5a', '#2d8f5f', '#c0604a'])('%s, a mid-tone neither text colour passes on, is moved as little as needed', (picked) => {
    const shades = brandShadesFor(picked)
    expect(contrastRatio(picked, WHITE)).toBeLessThan(MIN_TEXT_CONTRAST)
    expect(contrastRatio(picked, NEAR_BLACK)).toBeLessThan(MIN_TEXT_CONTRAST)
    expect(shades.surface).not.toBe(picked)
    // Just past the threshold: not pushed to black or white.
    expect(contrastRatio(shades.surface, shades.onSurface)).toBeLessThan(5.2)
  })

  it('darkens brand text only as far as needed, keeping the hue', () => {
    const shades = brandShadesFor('#4d8dfc')
    expect(shades.text).not.toBe('#4d8dfc')
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(shades.text.slice(i, i + 2), 16)) as [number, number, number]
    expect(b).toBeGreaterThan(g)
    expect(g).toBeGreaterThan(r)
    expect(contrastRatio(shades.text, '#f1f5f9')).toBeLessThan(5.5)
  })

  it('keeps a dark colour as picked for text too', () => {
    expect(brandShadesFor('#1e293b').text).toBe('#1e293b')
  })

  it.each([null, undefined, '', 'not a colour', 'javascript:alert(1)'])('%j falls back to the default colour', (stored) => {
    expect(brandShadesFor(stored)).toEqual(brandShadesFor(DEFAULT_BRAND_COLOUR))
  })

  it('names the Tailwind theme variables the screens use', () => {
    expect(Object.keys(brandCssVariables(brandShadesFor('#ff0000')))).toEqual([
      '--color-brand',
      '--color-brand-dark',
      '--color-on-brand',
      '--color-brand-text',
    ])
  })
})

describe('the stylesheet as shipped', () => {
  it('carries the derived shades of the default colour', () => {
    const css = readFileSync(new URL('../../../app/styles/app.css', import.meta.url), 'utf8')
    for (const [name, value] of Object.entries(brandCssVariables(brandShadesFor(DEFAULT_BRAND_COLOUR)))) {
      expect(css, name).toContain(`${name}: ${value};`)
    }
  })
})
