import { expect, test } from 'vitest'
import { useBrowser } from '#tests/e2e/support/browser'
import { axeFindings } from '#tests/e2e/support/axe'

const browser = useBrowser()

const CLEAN = '<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Clean</h1><p>Nothing wrong here.</p></main></body></html>'
/** An image without alternative text and a button without a name: two serious WCAG failures. */
const BROKEN = '<main><h1>Broken</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button></main>'

/**
 * The in-page axe runner every browser test relies on finds what it must: nothing on a clean
 * page, and the problems of a broken page, in the page itself and inside its frames, checked
 * twice on one document as the two widths of a screen check do.
 */
test('finds nothing on a clean page, and the missing alt text and button name on a broken one, in a frame too', async () => {
  const { page } = await browser.newPage()
  await page.setContent(CLEAN)
  expect(await axeFindings(page)).toEqual([])

  await page.setContent(`<!doctype html><html lang="en"><head><title>Broken</title></head><body>${BROKEN}</body></html>`)
  const rules = async () => (await axeFindings(page)).map((finding) => finding.rule).sort()
  expect(await rules()).toEqual(['button-name', 'image-alt'])
  expect(await rules()).toEqual(['button-name', 'image-alt'])
  expect((await axeFindings(page, { exclude: ['img'] })).map((finding) => finding.rule)).toEqual(['button-name'])

  const framed = `<!doctype html><html lang="en"><head><title>Framed</title></head><body><main><h1>Framed</h1><iframe title="Inner" srcdoc='${BROKEN.replace(/"/g, '&quot;')}'></iframe></main></body></html>`
  await page.setContent(framed)
  await page.frames()[1]?.waitForLoadState()
  const inFrame = await axeFindings(page)
  expect(inFrame.map((finding) => finding.rule).sort()).toEqual(['button-name', 'image-alt'])
  expect(inFrame.every((finding) => finding.impact === 'critical' || finding.impact === 'serious')).toBe(true)
})
