import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { withDatabaseName } from './database-url'

/**
 * Every test file wants its own database, and migrating an empty one replays every migration
 * since the start (seconds each time). So one run prepares a template once per kind (migrated;
 * migrated and seeded) and each file's database is a copy of it: CREATE DATABASE ... TEMPLATE
 * copies files, in a fraction of that time.
 *
 * A template is named after the run (the global setup's `databaseTemplateRun`), so a copy never
 * comes from another run's migrations or from seed data made days ago, and runs side by side
 * (two checkouts) do not share one. The global setup drops the run's templates at its end.
 */
export type TemplateKind = 'migrated' | 'seeded'

/** A new database copied from the run's template of this kind, prepared first if it is not there yet. */
export async function createDatabaseFromTemplate(baseUrl: string, kind: TemplateKind, prepare: (url: string) => Promise<void>): Promise<string> {
  const run = templateRun()
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    if (!run) {
      // Outside a run with the global setup (a benchmark script): prepared in place.
      await admin.query(`create database ${name}`)
      await prepare(withDatabaseName(baseUrl, name))
      return name
    }
    const template = templateName(kind, run)
    // Both workers may ask at once: one prepares while the other waits, and copies never overlap
    // a preparation (a template must have no connections while it is copied).
    await admin.query('select pg_advisory_lock(hashtext($1))', [template])
    try {
      if (!(await databaseExists(admin, template))) await prepareTemplate(admin, baseUrl, template, prepare)
      await admin.query(`create database ${name} template ${template}`)
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template])
    }
  } finally {
    await admin.end()
  }
  return name
}

/** Prepared under a working name and renamed once complete, so a failed preparation is never copied. */
async function prepareTemplate(admin: pg.Client, baseUrl: string, template: string, prepare: (url: string) => Promise<void>): Promise<void> {
  const working = `${template}_wip`
  await admin.query(`drop database if exists ${working} with (force)`)
  await admin.query(`create database ${working}`)
  await prepare(withDatabaseName(baseUrl, working))
  await admin.query(`alter database ${working} rename to ${template}`)
}

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  const found = await admin.query('select 1 from pg_database where datname = $1', [name])
  return (found.rowCount ?? 0) > 0
}

export function templateName(kind: TemplateKind, run: string): string {
  return `template_${run}_${kind}`
}

/** The run's key from the global setup (tests/setup/database-templates.ts), null outside one. */
function templateRun(): string | null {
  try {
    return inject('databaseTemplateRun') ?? null
  } catch {
    return null
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplateRun: string
  }
}
