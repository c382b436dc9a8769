import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { openDatabase } from '#db/connection'
import { prepareDatabase } from '#server/boot/prepare-database'
import { loadEnv } from '#server/env.server'
import { createLogger } from '#server/logger'
import { createDatabaseFromTemplate } from '#tests/support/database-template'
import { withDatabaseName } from '#tests/support/database-url'
import { makePgliteSessionPool, postgresSessionMinter, type SessionMinter, type SignInAs } from './session-minter'

/** The demo users' password in every server these tests start. */
export const SEED_DEMO_PASSWORD = 'e2e-demo-password-1'

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..')
const serverEntry = join(repoRoot, 'build/server.js')
const READY_TIMEOUT_MS = 180_000
const STOP_TIMEOUT_MS = 10_000
const MAX_OUTPUT_LINES = 3000

/** Variables of the test process that must not leak into a server that has its own database. */
const OWN_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PORT', 'HOST', 'DATA_DIR', 'WEB_CONCURRENCY', 'NODE_ENV', 'LOG_LEVEL', 'SEED_DEMO', 'SEED_DEMO_PASSWORD']

export interface RunningServer {
  /** `http://<orgId>.localhost:<port>`, or the bare platform host without an org id. */
  url(orgId?: string): string
  port: number
  /** The server process (the cluster primary when WEB_CONCURRENCY forks serving processes). */
  pid: number
  /** The server's own Postgres database, or null when it runs on PGlite in dataDir. */
  databaseUrl: string | null
  dataDir: string
  /** Everything the server printed so far (stdout and stderr, interleaved). */
  output(): string
  /** A new session of this person, as the value of the `__session` cookie (see login.ts). */
  sessionTokenFor(who: SignInAs): Promise<string>
  stop(): Promise<void>
}

export interface StartServerOptions {
  /**
   * Extra environment for the server. By default it runs without Redis (in-process jobs, so
   * jobs a test triggers do run) and without SMTP (outbox mail); pass REDIS_URL to try BullMQ.
   */
  env?: Record<string, string>
}

/**
 * Starts the built server (build/server.js) as a child process on a free port, with its own
 * fresh database: a new database on the Postgres of DATABASE_URL when that is set, otherwise
 * PGlite in a temporary DATA_DIR. Resolves once /healthz answers.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  if (!existsSync(serverEntry)) throw new Error('build/server.js is missing: run `node scripts/ensure-build.mjs` first')
  const port = await findFreePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-'))
  const appDir = snapshotBuild()
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of OWN_VARIABLES) delete env[name]
  Object.assign(env, {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO_PASSWORD,
    APP_SECRET: process.env.APP_SECRET ?? 'e2e-secret-e2e-secret-e2e-secret-0123',
    ...options.env,
  })
  const database = process.env.DATABASE_URL ? await createSeededDatabase(process.env.DATABASE_URL, env) : null
  if (database) env.DATABASE_URL = database.url

  // PGlite allows one process at a time: sessions for the login fixture are made before the server opens it.
  let sessions: SessionMinter | null = database ? null : await makePgliteSessionPool(env)

  const lines: string[] = []
  const child = spawn(process.execPath, [join(appDir, 'build/server.js')], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(line)
    if (lines.length > MAX_OUTPUT_LINES) lines.splice(0, lines.length - MAX_OUTPUT_LINES)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  const output = () => lines.join('\n')

  const cleanUp = async () => {
    await stopChild(child, exited)
    await sessions?.close()
    await database?.drop()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(appDir, { recursive: true, force: true })
  }

  try {
    await waitUntilHealthy(port, exited)
  } catch (error) {
    await cleanUp()
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output()}`)
  }

  if (database) sessions = await postgresSessionMinter(database.url, env)
  const minter = sessions

  let stopped: Promise<void> | null = null
  return {
    url: (orgId) => (orgId ? `http://${orgId}.localhost:${port}` : `http://localhost:${port}`),
    port,
    pid: child.pid ?? 0,
    databaseUrl: database?.url ?? null,
    dataDir,
    output,
    sessionTokenFor: (who) => {
      if (!minter) throw new Error('no session minter')
      return minter.tokenFor(who)
    },
    stop: () => (stopped ??= cleanUp()),
  }
}

/**
 * One server for a whole test file: started before the first test, stopped after the last,
 * and its output printed after any failing test so the failure can be read next to the log.
 */
export function useServer(options: StartServerOptions = {}): () => RunningServer {
  let server: RunningServer | null = null
  beforeAll(async () => {
    server = await startServer(options)
  })
  beforeEach((context) => {
    // Runs after the test's afterEach hooks too, so a console error found there prints it as well.
    context.onTestFailed(() => {
      if (server) console.error(`--- server output (${context.task.name}) ---\n${server.output()}\n--- end of server output ---`)
    })
  })
  afterAll(async () => {
    await server?.stop()
  })
  return () => {
    if (!server) throw new Error('the server is not running (useServer starts it in beforeAll)')
    return server
  }
}

/**
 * A private copy of the built app (build/, public/, package.json, and a link to node_modules), so
 * a rebuild in the working tree while tests run cannot swap the client assets from under the
 * server (its pages would name scripts that no longer exist).
 */
function snapshotBuild(): string {
  const appDir = mkdtempSync(join(tmpdir(), 'studio-e2e-app-'))
  for (const entry of ['build', 'public', 'package.json']) cpSync(join(repoRoot, entry), join(appDir, entry), { recursive: true })
  symlinkSync(join(repoRoot, 'node_modules'), join(appDir, 'node_modules'), 'dir')
  return appDir
}

async function findFreePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? done(port) : fail(new Error('no free port'))))
    })
  })
}

async function waitUntilHealthy(port: number, exited: Promise<number | null>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  let exitCode: number | null | undefined
  void exited.then((code) => (exitCode = code))
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited with code ${exitCode} before it was ready`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`the server did not answer /healthz within ${READY_TIMEOUT_MS / 1000} s`)
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), STOP_TIMEOUT_MS).unref())
  if ((await Promise.race([exited, timer])) === 'timeout') {
    child.kill('SIGKILL')
    await exited
  }
}

/**
 * The server's own database: a copy of the run's migrated and seeded template, prepared as the
 * server's start would (migrations, then the demo seed, from the same environment), so the
 * server starts on a database that is ready. Seeding reads nothing a test's extra env changes.
 */
async function createSeededDatabase(baseUrl: string, serverEnv: NodeJS.ProcessEnv): Promise<{ url: string; drop(): Promise<void> }> {
  const name = await createDatabaseFromTemplate(baseUrl, 'seeded', async (url) => {
    const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 1 })
    try {
      await prepareDatabase(handle, loadEnv({ ...serverEnv, DATABASE_URL: url }), createLogger('silent'))
    } finally {
      await handle.close()
    }
  })
  return {
    url: withDatabaseName(baseUrl, name),
    drop: () => runAdminQuery(baseUrl, `drop database if exists ${name} with (force)`),
  }
}

async function runAdminQuery(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
