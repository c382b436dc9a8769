/**
 * A small reader for the plain CSS of the master website templates: style rules, optionally
 * inside @media blocks, and nothing else. It is enough to check the templates' rules and to
 * scope them under a page body the way the public page does.
 */
export interface CssRule {
  selectors: string[]
  /** The @media condition the rule sits in, or null at the top level. */
  media: string | null
  declarations: string
}

export interface ParsedCss {
  rules: CssRule[]
  /** Every at-rule other than @media, e.g. `@import url(...)`, `@font-face`. */
  otherAtRules: string[]
}

export function parseTemplateCss(css: string): ParsedCss {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '')
  const rules: CssRule[] = []
  const otherAtRules: string[] = []
  readBlock(source, null, rules, otherAtRules)
  return { rules, otherAtRules }
}

function readBlock(source: string, media: string | null, rules: CssRule[], otherAtRules: string[]): void {
  let index = 0
  while (index < source.length) {
    const open = source.indexOf('{', index)
    const semicolon = source.indexOf(';', index)
    if (open === -1) {
      const rest = source.slice(index).trim()
      if (rest) otherAtRules.push(rest)
      return
    }
    // An at-rule without a block (@import ...;) ends before the next brace.
    if (semicolon !== -1 && semicolon < open && source.slice(index, semicolon).trim().startsWith('@')) {
      otherAtRules.push(source.slice(index, semicolon).trim())
      index = semicolon + 1
      continue
    }
    const prelude = source.slice(index, open).trim()
    const close = matchingBrace(source, open)
    const body = source.slice(open + 1, close)
    if (prelude.startsWith('@media')) {
      readBlock(body, prelude.slice('@media'.length).trim(), rules, otherAtRules)
    } else if (prelude.startsWith('@')) {
      otherAtRules.push(prelude)
    } else {
      rules.push({ selectors: splitSelectors(prelude), media, declarations: body.trim() })
    }
    index = close + 1
  }
}

function matchingBrace(source: string, open: number): number {
  let depth = 0
  for (let i = open; i < source.length; i++) {
    if (source[i] === '{') depth++
    if (source[i] === '}') depth--
    if (depth === 0) return i
  }
  throw new Error(`unbalanced braces after: ${source.slice(open, open + 60)}`)
}

/** Splits a selector list at its top-level commas (not those inside :is() or attribute values). */
function splitSelectors(prelude: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < prelude.length; i++) {
    const char = prelude[i]
    if (char === '(' || char === '[') depth++
    if (char === ')' || char === ']') depth--
    if (char === ',' && depth === 0) {
      parts.push(prelude.slice(start, i).trim())
      start = i + 1
    }
  }
  parts.push(prelude.slice(start).trim())
  return parts.filter(Boolean)
}

/** The same CSS with every selector placed under `scope`, as the public page renders it. */
export function scopeTemplateCss(css: string, scope: string): string {
  const { rules } = parseTemplateCss(css)
  return rules
    .map((rule) => {
      const text = `${rule.selectors.map((selector) => `${scope} ${selector}`).join(', ')} { ${rule.declarations} }`
      return rule.media ? `@media ${rule.media} { ${text} }` : text
    })
    .join('\n')
}
