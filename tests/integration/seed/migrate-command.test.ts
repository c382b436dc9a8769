import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrations } from '#migrations/index'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database'
import { ensureBuilt } from '#tests/integration/http/ensure-built'

/** Runs the bundled `npm run migrate` entry with only the given environment. */
function migrate(env: Record<string, string>): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['build/migrate.js'], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', APP_SECRET: 'test-secret-test-secret-test-secret-0123', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

const migrationNames = Object.keys(migrations)

describe('npm run migrate', () => {
  beforeAll(() => {
    ensureBuilt()
  }, 300_000)

  it('applies every migration to the PGlite data folder, then says it is up to date', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'migrate-cli-'))
    try {
      const first = migrate({ DATA_DIR: dataDir })
      expect(first.status, first.output).toBe(0)
      for (const name of migrationNames) expect(first.output).toContain(`applied ${name}`)
      const second = migrate({ DATA_DIR: dataDir })
      expect(second.status, second.output).toBe(0)
      expect(second.output.trim()).toBe('database is up to date')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)

  describe.skipIf(!process.env.DATABASE_URL)('on Postgres (skipped: needs DATABASE_URL)', () => {
    let test: TestDatabase
    beforeAll(async () => {
      test = await createTestDatabase({ migrate: false })
    })
    afterAll(() => test?.drop())

    it('applies every migration to DATABASE_URL, then says it is up to date', () => {
      const url = test.url ?? ''
      const first = migrate({ DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'migrate-cli-')) })
      expect(first.status, first.output).toBe(0)
      for (const name of migrationNames) expect(first.output).toContain(`applied ${name}`)
      expect(migrate({ DATABASE_URL: url }).output.trim()).toBe('database is up to date')
    }, 120_000)
  })

  it('fails with a clear message on a bad environment', () => {
    const result = migrate({ DATABASE_URL: 'mysql://nope' })
    expect(result.status).not.toBe(0)
    expect(result.output).toContain('Invalid environment:\n  DATABASE_URL: DATABASE_URL must be a postgres:// URL')
    expect(result.output).not.toMatch(/^\s+at /m)
  })
})
