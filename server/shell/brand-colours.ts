/**
 * The shades of a tenant's brand colour that the screens use, derived so that text stays
 * readable (WCAG 2.1 AA, 4.5:1) whatever colour the tenant picks. The picked colour is kept
 * wherever it can be: on buttons and active items it stays as picked, with white or
 * near-black text on it, whichever passes; only when neither does is its lightness moved.
 * Brand-coloured text on the light page backgrounds is darkened until it passes.
 *
 * Lightness is moved in OKLCH, a perceptual space, so the hue and saturation a tenant chose
 * still read as theirs (moving in RGB turns blues purple and yellows green-grey).
 * Pure: used by the server to write CSS variables, and by its unit test.
 */

/** WCAG 2.1 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5

/** The product's default brand colour (the spec's stored '4d8dfc'). */
export const DEFAULT_BRAND_COLOUR = '#4d8dfc'

export const WHITE = '#ffffff'
/** The body text colour (Tailwind slate-900): the near-black used on light brand colours. */
export const NEAR_BLACK = '#0f172a'

/**
 * The light backgrounds brand text sits on: white cards, the public and student page
 * (slate-50) and the staff page (slate-100). A 10 % tint of the brand colour over them is
 * added per colour (active menu items, icon tiles).
 */
export const LIGHT_BACKGROUNDS = ['#ffffff', '#f8fafc', '#f1f5f9'] as const

/** The tint of `bg-brand/10`. */
export const BRAND_TINT = 0.1

/** How far a hover shade moves from the surface, in OKLCH lightness. */
const HOVER_STEP = 0.06
const LIGHTNESS_STEP = 0.005

export interface BrandShades {
  /** The tenant's colour as picked, normalised to #rrggbb (the default when it is not a colour). */
  picked: string
  /** Buttons, active menu items, badges: the picked colour unless no text colour passes on it. */
  surface: string
  /** Text on `surface`: white or near-black, whichever reaches 4.5:1 (white when both do). */
  onSurface: string
  /** The surface under the pointer: a step further from `onSurface`, so it passes too. */
  surfaceHover: string
  /** Links and brand-coloured text on the light backgrounds and on the brand tint. */
  text: string
}

/** `#rgb`, `#rrggbb`, with or without '#', any case; null for anything else. */
export function parseHexColour(value: string | null | undefined): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec((value ?? '').trim())
  if (!match?.[1]) return null
  const hex = match[1].toLowerCase()
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex
  return `#${full}`
}

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** `colour` laid over `background` at `alpha` (what `bg-brand/10` paints). */
export function mixOver(colour: string, background: string, alpha: number): string {
  const top = toRgb(colour)
  const bottom = toRgb(background)
  return fromRgb(top.map((channel, index) => channel * alpha + (bottom[index] ?? 0) * (1 - alpha)) as Rgb)
}

export function brandShadesFor(colour: string | null | undefined): BrandShades {
  const picked = parseHexColour(colour) ?? DEFAULT_BRAND_COLOUR
  const { surface, onSurface } = surfaceFor(picked)
  // Hover darkens, as buttons usually do, unless that would take the text below 4.5:1.
  const surfaceHover =
    [-HOVER_STEP, HOVER_STEP]
      .map((step) => withLightness(surface, lightnessOf(surface) + step))
      .find((candidate) => candidate !== surface && contrastRatio(candidate, onSurface) >= MIN_TEXT_CONTRAST) ?? surface
  const backgrounds = [...LIGHT_BACKGROUNDS, ...LIGHT_BACKGROUNDS.map((background) => mixOver(surface, background, BRAND_TINT))]
  const text = shiftUntil(picked, -1, (candidate) => backgrounds.every((background) => contrastRatio(candidate, background) >= MIN_TEXT_CONTRAST))
  return { picked, surface, onSurface, surfaceHover, text }
}

/** The CSS custom properties (Tailwind theme colours) that carry the shades. */
export function brandCssVariables(shades: BrandShades): Record<string, string> {
  return {
    '--color-brand': shades.surface,
    '--color-brand-dark': shades.surfaceHover,
    '--color-on-brand': shades.onSurface,
    '--color-brand-text': shades.text,
  }
}

/** Tenants share a handful of colours: each one's variables are worked out once. */
const variablesByColour = new Map<string, Readonly<Record<string, string>>>()
const MAX_REMEMBERED_COLOURS = 500

/** The CSS variables for a stored colour ('4d8dfc', '#4d8dfc', or anything else: the default). */
export function brandCssVariablesFor(colour: string | null | undefined): Readonly<Record<string, string>> {
  const key = parseHexColour(colour) ?? DEFAULT_BRAND_COLOUR
  let variables = variablesByColour.get(key)
  if (!variables) {
    if (variablesByColour.size >= MAX_REMEMBERED_COLOURS) variablesByColour.clear()
    variables = Object.freeze(brandCssVariables(brandShadesFor(key)))
    variablesByColour.set(key, variables)
  }
  return variables
}

function surfaceFor(picked: string): { surface: string; onSurface: string } {
  if (contrastRatio(picked, WHITE) >= MIN_TEXT_CONTRAST) return { surface: picked, onSurface: WHITE }
  if (contrastRatio(picked, NEAR_BLACK) >= MIN_TEXT_CONTRAST) return { surface: picked, onSurface: NEAR_BLACK }
  // Neither passes (a mid-tone): move the lightness the shorter way.
  const darker = shiftUntil(picked, -1, (candidate) => contrastRatio(candidate, WHITE) >= MIN_TEXT_CONTRAST)
  const lighter = shiftUntil(picked, 1, (candidate) => contrastRatio(candidate, NEAR_BLACK) >= MIN_TEXT_CONTRAST)
  const base = lightnessOf(picked)
  return Math.abs(lightnessOf(darker) - base) <= Math.abs(lightnessOf(lighter) - base)
    ? { surface: darker, onSurface: WHITE }
    : { surface: lighter, onSurface: NEAR_BLACK }
}

/** Moves the colour's OKLCH lightness in `direction` until `passes`; ends at black or white. */
function shiftUntil(hex: string, direction: -1 | 1, passes: (candidate: string) => boolean): string {
  if (passes(hex)) return hex
  const start = lightnessOf(hex)
  for (let lightness = start + direction * LIGHTNESS_STEP; lightness > 0 && lightness < 1; lightness += direction * LIGHTNESS_STEP) {
    const candidate = withLightness(hex, lightness)
    if (passes(candidate)) return candidate
  }
  return direction < 0 ? '#000000' : '#ffffff'
}

// --- sRGB <-> OKLCH (Björn Ottosson's OKLab) -------------------------------------------------

type Rgb = [number, number, number]

function toRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function fromRgb(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(Math.min(255, Math.max(0, channel))).toString(16).padStart(2, '0')).join('')}`
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
const fromLinear = (c: number) => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055)

function toOklab(hex: string): [number, number, number] {
  const [r, g, b] = toRgb(hex).map((channel) => toLinear(channel / 255)) as Rgb
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ]
}

/** Linear sRGB of an OKLab colour (may be outside 0..1 when out of gamut). */
function oklabToLinear(lightness: number, a: number, b: number): Rgb {
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ]
}

function lightnessOf(hex: string): number {
  return toOklab(hex)[0]
}

/**
 * The colour with another OKLCH lightness, same hue; the chroma is reduced (by halving the
 * interval) just enough to stay inside sRGB, which is how CSS Color 4 maps out-of-gamut colours.
 */
function withLightness(hex: string, lightness: number): string {
  const [, a, b] = toOklab(hex)
  const inGamut = (scale: number) => oklabToLinear(lightness, a * scale, b * scale).every((c) => c >= -0.0001 && c <= 1.0001)
  let scale = 1
  if (!inGamut(1)) {
    let low = 0
    let high = 1
    for (let i = 0; i < 20; i++) {
      const middle = (low + high) / 2
      if (inGamut(middle)) low = middle
      else high = middle
    }
    scale = low
  }
  const linear = oklabToLinear(lightness, a * scale, b * scale)
  return fromRgb(linear.map((c) => fromLinear(Math.min(1, Math.max(0, c))) * 255) as Rgb)
}
