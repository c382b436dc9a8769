import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { writeFileSync } from 'node:fs'
import { CHROMIUM_PATH } from '#tests/e2e/support/browser'
import { withBenchServer } from './load'
import { publishTemplatePage } from './template-page.bench'

const id = process.argv[2] ?? 'master-class-studio'
await withBenchServer(1, async (server) => {
  const host = `demo.localhost:${server.port}`
  const path = await publishTemplatePage(server, host, id, `Lighthouse dbg`)
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
  try {
    const answer = await lighthouse(`http://${host}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
    writeFileSync('/tmp/lhr.json', JSON.stringify(answer?.lhr))
  } finally { await chrome.kill() }
})
