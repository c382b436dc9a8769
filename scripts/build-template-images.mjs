// Renders the artwork of the shared website templates (scripts/template-art/*.svg) to WebP
// under public/website-templates/<slug>/, then each template's gallery thumbnail from a
// screenshot of the template itself. Run after changing the art or a template's look:
//
//   npx tsx scripts/build-template-images.mjs            (art and thumbnails)
//   npx tsx scripts/build-template-images.mjs --art-only (no browser needed)
//
// tsx is needed for the thumbnails, which read the templates from their TypeScript modules;
// they are taken with Debian's chromium (CHROMIUM_PATH, /usr/bin/chromium by default).
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import sharp from 'sharp'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const artDir = join(repoRoot, 'scripts/template-art')
const outDir = join(repoRoot, 'public/website-templates')

/** Files kept well under this so a template page stays light. */
const MAX_BYTES = 120 * 1024

/** Per template: output file (without .webp), SVG source, width (the height follows the art's ratio). */
const ART = {
  home: [
    ['hero-1600', 'sunrise-studio', 1600],
    ['hero-800', 'sunrise-studio', 800],
    ['yoga', 'yoga-warrior', 600],
    ['dance', 'dance-duo', 600],
    ['martial-arts', 'martial-kick', 600],
  ],
  about: [
    ['hero-1600', 'community-circle', 1600],
    ['hero-800', 'community-circle', 800],
    ['team-maya', 'portrait-maya', 400],
    ['team-daniel', 'portrait-daniel', 400],
    ['team-amara', 'portrait-amara', 400],
  ],
  contact: [
    ['map-1200', 'neighbourhood-map', 1200],
    ['map-600', 'neighbourhood-map', 600],
    ['studio-front', 'studio-front', 600],
  ],
  'class-studio': [
    ['hero-1600', 'mirror-studio', 1600],
    ['hero-800', 'mirror-studio', 800],
    ['yoga', 'yoga-warrior', 600],
    ['dance', 'dance-duo', 600],
    ['martial-arts', 'martial-kick', 600],
  ],
  'course-landing': [
    ['hero-1600', 'course-mandala', 1600],
    ['hero-800', 'course-mandala', 800],
    ['instructor', 'portrait-amara-teal', 400],
  ],
  event: [
    ['hero-1600', 'showcase-stage', 1600],
    ['hero-800', 'showcase-stage', 800],
    ['workshop', 'event-workshop', 600],
    ['performance', 'event-solo', 600],
    ['social', 'event-social', 600],
  ],
}

async function renderArt() {
  for (const [slug, files] of Object.entries(ART)) {
    mkdirSync(join(outDir, slug), { recursive: true })
    for (const [name, source, width] of files) {
      const svg = readFileSync(join(artDir, `${source}.svg`))
      const target = join(outDir, slug, `${name}.webp`)
      // Rendered at twice the size, then reduced: smoother edges than librsvg gives at 1:1.
      await sharp(svg, { density: 144 }).resize({ width }).webp({ quality: 82, effort: 6 }).toFile(target)
      report(target)
    }
  }
}

function report(file) {
  const bytes = statSync(file).size
  const flag = bytes > MAX_BYTES ? '  TOO LARGE' : ''
  console.log(`${file.slice(repoRoot.length)}  ${(bytes / 1024).toFixed(1)} KB${flag}`)
  if (bytes > MAX_BYTES) process.exitCode = 1
}

/**
 * A thumbnail is the top of the template's page at 1280 px, 4:3, reduced to 400x300: what a
 * studio sees in the gallery is a miniature of what it gets.
 */
async function renderThumbnails() {
  const templates = await import(pathToFileURL(join(repoRoot, 'server/website/master-templates/index.ts')).href)
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 960 } })
    const origin = 'http://templates.invalid'
    let currentPage = ''
    await page.route(`${origin}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname
      if (path === '/') return route.fulfill({ contentType: 'text/html', body: currentPage })
      try {
        return route.fulfill({ contentType: 'image/webp', body: readFileSync(join(repoRoot, 'public', path)) })
      } catch {
        return route.fulfill({ status: 404, body: '' })
      }
    })
    for (const template of templates.MASTER_TEMPLATES) {
      currentPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
        body { margin: 0; background: #f8fafc; }
        .preview { max-width: 1232px; margin: 0 auto; padding: 40px 24px; }
        ${template.css}
      </style></head><body><div class="preview">${template.html}</div></body></html>`
      await page.goto(`${origin}/`, { waitUntil: 'load' })
      const shot = await page.screenshot({ type: 'png' })
      const target = join(outDir, template.slug, 'thumbnail.webp')
      await sharp(shot).resize({ width: 400, height: 300 }).webp({ quality: 80, effort: 6 }).toFile(target)
      report(target)
    }
  } finally {
    await browser.close()
  }
}

await renderArt()
if (!process.argv.includes('--art-only')) await renderThumbnails()
