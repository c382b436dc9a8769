/** System font stacks: the templates load no web fonts, so a page costs no font request. */
export const SANS_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'
export const SERIF_STACK = 'Georgia, "Iowan Old Style", "Palatino Linotype", "Times New Roman", serif'

const SIDES = ['top', 'right', 'bottom', 'left'] as const
type Side = (typeof SIDES)[number]

/**
 * A solid border in longhand declarations. The visual editor (GrapesJS) reads CSS through the
 * browser's CSSOM, which leaves the parts of a shorthand empty when its value holds a var(),
 * so `border: 1px solid var(--tpl-line)` would not survive a first edit; longhands do.
 */
export function border(width: string, colour: string, side?: Side): string {
  return (side ? [side] : SIDES).map((s) => `border-${s}-width: ${width}; border-${s}-style: solid; border-${s}-color: ${colour};`).join(' ')
}

/** A border colour for all four sides, in longhands for the same reason as `border`. */
export function borderColour(colour: string): string {
  return SIDES.map((s) => `border-${s}-color: ${colour};`).join(' ')
}

/** A template's colours, written as custom properties on its root class so a studio can recolour it in one place. */
export interface TemplatePalette {
  /** Body text. */
  ink: string
  /** Secondary text; at least 4.5:1 on white, the page background and `soft`. */
  muted: string
  /** Cards and panels that stand out from the page. */
  surface: string
  /** Tinted bands behind a section. */
  soft: string
  /** Buttons. */
  accent: string
  /** Text on buttons. */
  onAccent: string
  /** Links and small labels on light backgrounds; at least 4.5:1 on white and `soft`. */
  accentText: string
  /** Borders. */
  line: string
  headingFont: string
  bodyFont: string
}

/**
 * The rules every master template shares (type scale, buttons, bands, cards, split layouts),
 * each selector under the template's root class `root`. Mobile first: one column, then wider
 * layouts at 640, 900 and 1024 px. A var() only ever stands in a longhand property (see `border`). Headings, paragraphs and lists set their own margins,
 * because the page around them (and the editor's canvas) may or may not reset them.
 */
export function sharedTemplateCss(root: string, palette: TemplatePalette): string {
  const r = root
  return `${r} {
  --tpl-ink: ${palette.ink};
  --tpl-muted: ${palette.muted};
  --tpl-surface: ${palette.surface};
  --tpl-soft: ${palette.soft};
  --tpl-accent: ${palette.accent};
  --tpl-on-accent: ${palette.onAccent};
  --tpl-accent-text: ${palette.accentText};
  --tpl-line: ${palette.line};
  --tpl-heading-font: ${palette.headingFont};
  --tpl-body-font: ${palette.bodyFont};
  display: flex;
  flex-direction: column;
  gap: 56px;
  font-family: var(--tpl-body-font);
  font-size: 1rem;
  line-height: 1.6;
  color: var(--tpl-ink);
}
${r} *, ${r} *::before, ${r} *::after { box-sizing: border-box; }
${r} h2 {
  margin: 0 0 16px;
  font-family: var(--tpl-heading-font);
  font-size: clamp(1.75rem, 1.3rem + 2vw, 2.75rem);
  font-weight: 700;
  line-height: 1.15;
  letter-spacing: -0.01em;
  color: var(--tpl-ink);
}
${r} h3 {
  margin: 0 0 8px;
  font-family: var(--tpl-heading-font);
  font-size: 1.25rem;
  font-weight: 700;
  line-height: 1.3;
  color: var(--tpl-ink);
}
${r} p { margin: 0 0 16px; line-height: 1.65; }
${r} p:last-child { margin-bottom: 0; }
${r} a { color: var(--tpl-accent-text); text-decoration: underline; text-underline-offset: 3px; }
${r} a:focus-visible { outline-width: 3px; outline-style: solid; outline-color: var(--tpl-accent-text); outline-offset: 3px; border-radius: 6px; }
${r} img { display: block; max-width: 100%; height: auto; }
${r} figure { margin: 0; }
${r} blockquote { margin: 0; }
${r} ul, ${r} ol { margin: 0; padding: 0; list-style: none; }
${r} .tpl-eyebrow {
  margin: 0 0 12px;
  font-family: var(--tpl-body-font);
  font-size: 0.8125rem;
  font-weight: 700;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  color: var(--tpl-accent-text);
}
${r} .tpl-lead { font-size: 1.125rem; color: var(--tpl-muted); max-width: 60ch; }
${r} .tpl-muted { color: var(--tpl-muted); }
${r} .tpl-section-head { max-width: 720px; margin: 0 0 32px; }
${r} .tpl-section-head--center { margin-left: auto; margin-right: auto; text-align: center; }
${r} .tpl-section-head--center .tpl-lead { margin-left: auto; margin-right: auto; }
${r} .tpl-actions { display: flex; flex-wrap: wrap; gap: 12px; margin: 28px 0 0; }
${r} .tpl-btn {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 48px;
  padding: 12px 26px;
  ${border('2px', 'var(--tpl-accent)')}
  border-radius: 999px;
  background-color: var(--tpl-accent);
  color: var(--tpl-on-accent);
  font-family: var(--tpl-body-font);
  font-size: 1rem;
  font-weight: 700;
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  transition: transform 0.15s ease, box-shadow 0.15s ease;
}
${r} .tpl-btn:hover { transform: translateY(-1px); box-shadow: 0 10px 20px -10px var(--tpl-accent); }
${r} .tpl-btn--ghost { background: transparent; color: var(--tpl-accent-text); ${borderColour('currentColor')} }
${r} .tpl-btn--ghost:hover { box-shadow: none; background-color: var(--tpl-surface); }
${r} .tpl-band { padding: 32px 16px; border-radius: 20px; background-color: var(--tpl-soft); }
${r} .tpl-split { display: grid; gap: 32px; align-items: center; }
${r} .tpl-media { overflow: hidden; border-radius: 20px; box-shadow: 0 30px 60px -30px rgba(15, 23, 42, 0.45); }
${r} .tpl-media img { width: 100%; }
${r} .tpl-grid { display: grid; gap: 24px; grid-template-columns: minmax(0, 1fr); }
${r} .tpl-card {
  display: flex;
  flex-direction: column;
  overflow: hidden;
  ${border('1px', 'var(--tpl-line)')}
  border-radius: 20px;
  background-color: var(--tpl-surface);
}
${r} .tpl-card img { width: 100%; }
${r} .tpl-card-body { display: flex; flex: 1; flex-direction: column; gap: 4px; padding: 22px 24px 26px; }
${r} .tpl-card-body p { color: var(--tpl-muted); }
${r} .tpl-card-link { margin-top: auto; padding-top: 8px; font-weight: 700; }
${r} .tpl-quote { position: relative; padding: 32px 24px; border-radius: 20px; background-color: var(--tpl-surface); ${border('1px', 'var(--tpl-line)')} }
${r} .tpl-quote blockquote p { font-family: var(--tpl-heading-font); font-size: 1.25rem; line-height: 1.5; color: var(--tpl-ink); }
${r} .tpl-quote figcaption { margin-top: 16px; font-weight: 700; color: var(--tpl-muted); }
${r} .tpl-cta { display: grid; gap: 20px; padding: 40px 24px; border-radius: 20px; background-color: var(--tpl-accent); color: var(--tpl-on-accent); text-align: center; justify-items: center; }
${r} .tpl-cta h2, ${r} .tpl-cta p { color: var(--tpl-on-accent); margin: 0; }
${r} .tpl-cta p { max-width: 56ch; font-size: 1.125rem; }
${r} .tpl-cta .tpl-actions { margin: 0; justify-content: center; }
${r} .tpl-cta .tpl-btn { background-color: var(--tpl-on-accent); color: var(--tpl-accent-text); ${borderColour('var(--tpl-on-accent)')} }
${r} .tpl-cta .tpl-btn--ghost { background: transparent; color: var(--tpl-on-accent); ${borderColour('var(--tpl-on-accent)')} }
@media (min-width: 640px) {
  ${r} .tpl-band { padding: 56px 40px; }
  ${r} .tpl-grid--2, ${r} .tpl-grid--3, ${r} .tpl-grid--4 { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${r} .tpl-quote { padding: 40px 44px; }
  ${r} .tpl-cta { padding: 56px 40px; }
}
@media (min-width: 900px) {
  ${r} .tpl-split { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 56px; }
  ${r} .tpl-split--reverse > :first-child { order: 2; }
}
@media (min-width: 1024px) {
  ${r} { gap: 88px; }
  ${r} .tpl-grid--3 { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  ${r} .tpl-grid--4 { grid-template-columns: repeat(4, minmax(0, 1fr)); }
  ${r} .tpl-band { padding: 72px 64px; }
}
`
}
