import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'

/** Templates left by runs that ended without their teardown (killed) are dropped after this long. */
const STALE_AFTER_MS = 6 * 60 * 60_000

/**
 * Names this run's database templates (tests/support/database-template.ts) and drops them when
 * the run ends. Nothing is prepared here: a run that never opens a database pays nothing.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
  project.provide('databaseTemplateRun', run)
  const baseUrl = process.env.DATABASE_URL
  if (!baseUrl) return async () => {}
  await dropTemplates(baseUrl, (name) => isStale(name))
  return () => dropTemplates(baseUrl, (name) => name.startsWith(`template_${run}_`))
}

async function dropTemplates(baseUrl: string, which: (name: string) => boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl })
  try {
    await admin.connect()
    const found = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'template\\_%'")
    for (const { datname } of found.rows) {
      if (which(datname)) await admin.query(`drop database if exists "${datname}" with (force)`)
    }
  } catch {
    // Postgres not reachable: the tests that need it say so themselves.
  } finally {
    await admin.end().catch(() => {})
  }
}

/** A template's name starts with its run's start time in base 36. */
function isStale(name: string): boolean {
  const started = Number.parseInt(name.slice('template_'.length, 'template_'.length + 8), 36)
  return Number.isFinite(started) && Date.now() - started > STALE_AFTER_MS
}
