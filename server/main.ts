import cluster from 'node:cluster'
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { scheduleRecurringJobs } from '#jobs/scheduled-jobs'
import { resumeUnfinishedImports } from '#server/contacts/import/resume-unfinished-imports'
import { resumeUnfinishedResyncs } from '#server/mailing-list/start-resync'
import { createPlatform } from './boot/create-platform'
import { prepareDatabase } from './boot/prepare-database'
import { printWelcome } from './boot/print-welcome'
import { EnvError, loadEnv } from './env.server'
import { createHttpApp } from './http/create-http-app'
import { createLogger } from './logger'

/**
 * The web server, bundled to build/server-main.js and started by build/server.js (server-entry.ts). With a real Postgres and WEB_CONCURRENCY
 * above 1 the primary prepares the database once and forks that many serving processes;
 * PGlite is one process's file, so it always runs in one.
 */
async function main(): Promise<void> {
  const env = loadEnv()
  const logger = createLogger(env.LOG_LEVEL)
  const processes = env.DATABASE_URL ? env.WEB_CONCURRENCY : 1

  if (cluster.isPrimary && processes > 1) {
    const platform = await createPlatform(env, logger)
    const prepared = await prepareDatabase(platform.database, env, logger)
    await platform.close()
    for (let i = 0; i < processes; i++) cluster.fork()
    cluster.on('exit', (worker, code) => {
      if (code !== 0) logger.error({ pid: worker.process.pid, code }, 'server process exited; starting another')
      if (code !== 0) cluster.fork()
    })
    printWelcome(env, prepared.demoPassword)
    const stop = () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM')
    }
    process.once('SIGTERM', stop)
    process.once('SIGINT', stop)
    return
  }

  const platform = await createPlatform(env, logger)
  const prepared = cluster.isPrimary ? await prepareDatabase(platform.database, env, logger) : null
  // Jobs kept in this process's memory were lost with the last one; Redis keeps its own.
  if (!env.REDIS_URL && (cluster.isPrimary || cluster.worker?.id === 1)) {
    await resumeUnfinishedImports(platform)
    await resumeUnfinishedResyncs(platform)
    await scheduleRecurringJobs(platform)
  }
  const buildUrl = new URL('./index.js', import.meta.url)
  const build = (await import(buildUrl.href)) as ServerBuild
  const publicDir = fileURLToPath(new URL('../public', import.meta.url))
  const app = createHttpApp({ platform, build, publicDir })
  const server = createServer(app)
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve))
  if (prepared) printWelcome(env, prepared.demoPassword)

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    server.close()
    server.closeIdleConnections()
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    platform
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1))
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) console.error(error.message)
  else console.error(error)
  process.exit(1)
})
