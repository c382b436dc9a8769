import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import sanitizeHtml from 'sanitize-html'
import { MASTER_TEMPLATES, masterTemplateById, TEMPLATE_PAGE_TYPES, type MasterTemplate } from '#server/website/master-templates/index'
import { sanitizePageHtml } from '#server/website/sanitize-page-html'
import { parseTemplateCss } from '#tests/support/template-css'

/**
 * The shared website templates (spec 002, Website template): what a studio starts a page from.
 * Their markup must come through the page sanitiser unchanged, sit under one root class, start
 * its headings at h2 (the public page's title band is the page's h1), and name only images that
 * ship in public/; their CSS must stay under the root class so it cannot restyle the site.
 */

const PUBLIC_DIR = resolve('public')
const MAX_IMAGE_BYTES = 120 * 1024
const EXPECTED_PAGE_TYPES: Record<string, MasterTemplate['pageType']> = { home: 'home', about: 'about', contact: 'contact' }

/**
 * Shorthand properties. GrapesJS reads CSS through the browser's CSSOM, where a shorthand whose
 * value holds a var() leaves its longhands empty, so the editor would drop the declaration.
 */
const SHORTHAND =
  /^(background|border|border-(top|right|bottom|left|block|inline)(-(start|end))?|border-(color|style|width|radius|image)|outline|font|margin|padding|inset|gap|flex|flex-flow|grid|grid-area|grid-template|grid-row|grid-column|transition|animation|list-style|text-decoration|columns|column-rule|place-(items|content|self)|overflow|mask)$/

interface Element {
  tag: string
  attribs: Record<string, string>
}

/** Every element in document order with its attributes, read by sanitize-html's own parser with nothing removed. */
function elementsOf(html: string): { elements: Element[]; text: string } {
  const elements: Element[] = []
  const text: string[] = []
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      '*': (tag, attribs) => {
        elements.push({ tag, attribs: { ...attribs } })
        return { tagName: tag, attribs }
      },
    },
    textFilter: (value) => {
      text.push(value)
      return value
    },
  })
  return { elements, text: text.join(' ').replace(/\s+/g, ' ').trim() }
}

/** An element as a comparable line: tag, then attributes by name, classes in order. */
function describeElement(element: Element): string {
  const attributes = Object.keys(element.attribs)
    .sort()
    .map((name) => `${name}="${name === 'class' ? element.attribs[name].trim().split(/\s+/).join(' ') : element.attribs[name]}"`)
  return [element.tag, ...attributes].join(' ')
}

const classesOf = (element: Element) => (element.attribs.class ?? '').split(/\s+/).filter(Boolean)
const headingLevel = (tag: string) => (/^h[1-6]$/.test(tag) ? Number(tag.slice(1)) : null)

describe('master website templates', () => {
  it('ships at least six templates with unique ids, slugs and names, ids derived from slugs', () => {
    expect(MASTER_TEMPLATES.length).toBeGreaterThanOrEqual(6)
    for (const key of ['id', 'slug', 'name'] as const) {
      expect(new Set(MASTER_TEMPLATES.map((template) => template[key])).size, key).toBe(MASTER_TEMPLATES.length)
    }
    for (const template of MASTER_TEMPLATES) {
      expect(template.id).toBe(`master-${template.slug}`)
      expect(template.slug).toMatch(/^[a-z][a-z0-9-]*$/)
      expect(TEMPLATE_PAGE_TYPES).toContain(template.pageType)
      expect(template.pageType, template.slug).toBe(EXPECTED_PAGE_TYPES[template.slug] ?? 'others')
      expect(masterTemplateById(template.id)).toBe(template)
    }
    expect(masterTemplateById('master-nothing')).toBeNull()
  })

  it('covers the gallery the studios asked for: home, about, contact, class studio, course landing and event', () => {
    expect(MASTER_TEMPLATES.map((template) => template.slug)).toEqual(expect.arrayContaining(['home', 'about', 'contact', 'class-studio', 'course-landing', 'event']))
  })

  describe.each(MASTER_TEMPLATES.map((template) => [template.slug, template] as const))('%s', (slug, template) => {
    const { elements, text } = elementsOf(template.html)
    const images = elements.filter((element) => element.tag === 'img')

    it('comes through the page sanitiser with every element, attribute, class and text unchanged', () => {
      const clean = elementsOf(sanitizePageHtml(template.html))
      expect(clean.elements.map(describeElement)).toEqual(elements.map(describeElement))
      expect(clean.text).toBe(text)
    })

    it('sits in one root element of class tpl-{slug}, and every class is tpl- prefixed', () => {
      const html = template.html.trim()
      expect(html.startsWith(`<div class="tpl-${slug}">`)).toBe(true)
      expect(html.endsWith('</div>')).toBe(true)
      expect(elements.filter((element) => classesOf(element).includes(`tpl-${slug}`))).toHaveLength(1)
      for (const element of elements) for (const name of classesOf(element)) expect(name, describeElement(element)).toMatch(/^tpl-[a-z0-9-]+$/)
    })

    it('uses no page-level, scripted or form elements and no inline handlers', () => {
      const forbidden = new Set(['main', 'html', 'head', 'body', 'script', 'style', 'form', 'input', 'button', 'iframe', 'link', 'meta'])
      for (const element of elements) {
        expect(forbidden.has(element.tag), describeElement(element)).toBe(false)
        for (const name of Object.keys(element.attribs)) expect(name.startsWith('on'), describeElement(element)).toBe(false)
      }
    })

    it('starts its headings at h2 (the page title band is the h1) and skips no level', () => {
      const levels = elements.map((element) => headingLevel(element.tag)).filter((level): level is number => level !== null)
      expect(levels[0]).toBe(2)
      expect(levels).not.toContain(1)
      levels.forEach((level, index) => {
        if (index > 0) expect(level, `heading ${index + 1}`).toBeLessThanOrEqual(levels[index - 1] + 1)
      })
    })

    it('has unique ids, and every in-page link names one of them', () => {
      const ids = elements.map((element) => element.attribs.id).filter(Boolean)
      expect(new Set(ids).size).toBe(ids.length)
      for (const element of elements.filter((e) => e.tag === 'a')) {
        const href = element.attribs.href ?? ''
        expect(href, describeElement(element)).toMatch(/^(\/[a-z0-9/-]*|#[a-z0-9-]+|tel:\+[0-9]+|mailto:[^\s]+@[^\s]+)$/)
        if (href.startsWith('#')) expect(ids).toContain(href.slice(1))
        expect(element.attribs.target, describeElement(element)).toBeUndefined()
      }
    })

    it('gives every image alt text and its size, loads all but the first lazily, and ships each file', () => {
      expect(images.length).toBeGreaterThan(0)
      images.forEach((image, index) => {
        const { alt, width, height, loading, src, srcset } = image.attribs
        expect(alt?.trim(), describeElement(image)).toBeTruthy()
        expect(Number(width), describeElement(image)).toBeGreaterThan(0)
        expect(Number(height), describeElement(image)).toBeGreaterThan(0)
        expect(loading, describeElement(image)).toBe(index === 0 ? undefined : 'lazy')
        const files = [src, ...(srcset ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0])].filter(Boolean)
        for (const file of files) {
          expect(file, describeElement(image)).toMatch(new RegExp(`^/website-templates/${slug}/[a-z0-9-]+\\.webp$`))
          expect(existsSync(join(PUBLIC_DIR, file)), file).toBe(true)
        }
      })
    })

    it('offers its first image in two sizes through srcset', () => {
      const srcset = images[0].attribs.srcset ?? ''
      expect(srcset.split(',')).toHaveLength(2)
    })

    it('has its thumbnail on disk, and no image file of its folder is over 120 KB', () => {
      expect(template.thumbnail).toBe(`/website-templates/${slug}/thumbnail.webp`)
      expect(existsSync(join(PUBLIC_DIR, template.thumbnail))).toBe(true)
      const folder = join(PUBLIC_DIR, 'website-templates', slug)
      for (const file of readdirSync(folder)) expect(statSync(join(folder, file)).size, file).toBeLessThanOrEqual(MAX_IMAGE_BYTES)
    })

    it('keeps every CSS rule under .tpl-{slug}, with no imports, outside URLs or fixed positioning', () => {
      const { rules, otherAtRules } = parseTemplateCss(template.css)
      expect(otherAtRules).toEqual([])
      expect(rules.length).toBeGreaterThan(0)
      const underRoot = new RegExp(`^\\.tpl-${slug}(?=$|[\\s.:#\\[>+~])`)
      for (const rule of rules) for (const selector of rule.selectors) expect(selector).toMatch(underRoot)
      expect(template.css).not.toMatch(/url\(\s*['"]?(https?:)?\/\//i)
      expect(template.css).not.toMatch(/position\s*:\s*fixed/i)
      expect(template.css).not.toMatch(/@import|@font-face/i)
    })

    it('uses var() only in longhand properties, which the visual editor keeps', () => {
      const inShorthands = parseTemplateCss(template.css).rules.flatMap((rule) =>
        rule.declarations
          .split(';')
          .map((declaration) => declaration.trim())
          .filter((declaration) => SHORTHAND.test(declaration.split(':')[0].trim()) && declaration.includes('var(')),
      )
      expect(inShorthands).toEqual([])
    })

    it('declares its palette as custom properties on the root class', () => {
      const rootRules = parseTemplateCss(template.css).rules.filter((rule) => rule.media === null && rule.selectors.join() === `.tpl-${slug}`)
      const declared = rootRules.flatMap((rule) => [...rule.declarations.matchAll(/(--tpl-[a-z-]+)\s*:/g)].map((match) => match[1]))
      expect(declared).toEqual(expect.arrayContaining(['--tpl-ink', '--tpl-accent', '--tpl-on-accent', '--tpl-accent-text', '--tpl-surface', '--tpl-soft']))
    })

    it('styles only classes its markup uses', () => {
      const used = new Set(elements.flatMap(classesOf))
      const styled = new Set(parseTemplateCss(template.css).rules.flatMap((rule) => rule.selectors.flatMap((selector) => [...selector.matchAll(/\.(tpl-[a-z0-9-]+)/g)].map((match) => match[1]))))
      // The shared rules (template-css.ts) style parts a template may leave out.
      const shared = new Set([
        'tpl-btn',
        'tpl-btn--ghost',
        'tpl-band',
        'tpl-split',
        'tpl-split--reverse',
        'tpl-media',
        'tpl-grid',
        'tpl-grid--2',
        'tpl-grid--3',
        'tpl-grid--4',
        'tpl-card',
        'tpl-card-body',
        'tpl-card-link',
        'tpl-quote',
        'tpl-cta',
        'tpl-actions',
        'tpl-eyebrow',
        'tpl-lead',
        'tpl-muted',
        'tpl-section-head',
        'tpl-section-head--center',
      ])
      const unused = [...styled].filter((name) => !used.has(name) && !shared.has(name))
      expect(unused).toEqual([])
    })
  })
})
