import { createPlatform } from '#server/boot/create-platform'
import { EnvError, loadEnv } from '#server/env.server'
import { createLogger } from '#server/logger'
import { migrateToLatest } from '#db/migrate'
import { startBullWorkers } from './runtime/bullmq-queue'
import { queueSettingsFrom } from './runtime/queues'
import { registeredJobs } from './runtime/registry'
import { scheduleRecurringJobs } from './scheduled-jobs'

/** `npm run worker`: processes BullMQ jobs until SIGTERM, then finishes the jobs in hand. */
async function main(): Promise<void> {
  const env = loadEnv()
  const logger = createLogger(env.LOG_LEVEL)
  if (!env.REDIS_URL) {
    throw new EnvError('The worker needs REDIS_URL. Without Redis, jobs run inside the web server (npm start).')
  }
  // The same services as the web server's; jobs that enqueue further jobs add them to Redis.
  const platform = await createPlatform(env, logger, { jobs: 'bullmq' })
  await migrateToLatest(platform.database)
  const queues = queueSettingsFrom(env)
  const workers = startBullWorkers(platform, logger, { redisUrl: env.REDIS_URL, prefix: env.QUEUE_PREFIX, queues })
  await scheduleRecurringJobs(platform)
  logger.info(
    {
      jobs: registeredJobs.map((job) => `${job.contract.name} (${job.contract.queue})`),
      concurrency: { interactive: queues.interactive.concurrency, bulk: queues.bulk.concurrency },
    },
    'worker started',
  )

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'worker stopping after the jobs in hand')
    const force = setTimeout(() => process.exit(1), 30_000)
    force.unref()
    await workers.close()
    await platform.close()
    process.exit(0)
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error)
  process.exit(1)
})
