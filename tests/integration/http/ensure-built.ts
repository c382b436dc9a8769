import { spawnSync } from 'node:child_process'

/**
 * Builds the app when a source is newer than build/ (scripts/ensure-build.mjs), one test file
 * at a time: test files run in parallel, and two builds writing build/ at once would mix.
 */
export function ensureBuilt(): void {
  const result = spawnSync('flock', ['/tmp/studio-test-build.lock', process.execPath, 'scripts/ensure-build.mjs'], {
    encoding: 'utf8',
    timeout: 280_000,
  })
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}${result.stderr}`)
}
