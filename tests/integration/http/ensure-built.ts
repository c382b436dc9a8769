import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/**
 * Builds the app when a source is newer than build/ (scripts/ensure-build.mjs), one test file
 * at a time: test files run in parallel, and two builds writing build/ at once would mix.
 * The build must be a production one whatever NODE_ENV the caller has (vitest sets 'test'):
 * a development bundle calls jsxDEV, which React's production runtime lacks, and `npm start`
 * would answer every page with a 500.
 */
export function ensureBuilt(): void {
  const result = spawnSync('flock', ['/tmp/studio-test-build.lock', process.execPath, 'scripts/ensure-build.mjs'], {
    encoding: 'utf8',
    timeout: 280_000,
  })
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}${result.stderr}`)
  if (readFileSync('build/index.js', 'utf8').includes('jsxDEV')) throw new Error('build/index.js is a development build')
}
