/**
 * A BullMQ worker in a process of its own, for tests that kill it mid-run (SIGKILL, no clean
 * shutdown) and see what another worker makes of the job it held. It runs the product's jobs
 * as `npm run worker` does, with a short job lock so that a killed run is seen as stalled in
 * seconds. Env: the worker's usual (DATABASE_URL, REDIS_URL, QUEUE_PREFIX, ...) plus
 * TEST_LOCK_MS and TEST_STALLED_MS. Prints 'worker started' once it takes jobs.
 */
import { startBullWorkers } from '#jobs/runtime/bullmq-queue'
import { createPlatform } from '#server/boot/create-platform'
import { loadEnv } from '#server/env.server'
import { createLogger } from '#server/logger'

async function main(): Promise<void> {
  const env = loadEnv()
  if (!env.REDIS_URL) throw new Error('the test worker needs REDIS_URL')
  const logger = createLogger(env.LOG_LEVEL)
  const platform = await createPlatform(env, logger, { jobs: 'bullmq' })
  startBullWorkers(platform, logger, {
    redisUrl: env.REDIS_URL,
    prefix: env.QUEUE_PREFIX,
    lockDurationMs: Number(process.env.TEST_LOCK_MS ?? 1500),
    stalledIntervalMs: Number(process.env.TEST_STALLED_MS ?? 500),
  })
  console.log('worker started')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
