import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BullJobQueue } from '#jobs/runtime/bullmq-queue'
import { sendEmailJob } from '#jobs/send-email'
import { startFakeSmtpServer, type FakeSmtpServer } from '#tests/fakes/smtp-server'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database'
import { ensureBuilt } from '#tests/integration/http/ensure-built'
import { insertOutboxRow, readOutboxRow } from './job-test-support'

const baseEnv = { PATH: process.env.PATH ?? '', NODE_ENV: 'test' as const, APP_SECRET: 'test-secret-test-secret-test-secret-0123' }

describe('npm run worker', () => {
  beforeAll(() => ensureBuilt(), 300_000)

  it('refuses to start without REDIS_URL, saying why, without a stack trace', () => {
    const result = spawnSync(process.execPath, ['build/worker.js'], {
      env: { ...baseEnv, DATA_DIR: mkdtempSync(join(tmpdir(), 'worker-')) },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('The worker needs REDIS_URL. Without Redis, jobs run inside the web server (npm start).')
    expect(result.stderr).not.toMatch(/^\s+at /m)
  })

  // The worker and this test share the database, which PGlite (one process's file) cannot do.
  describe.skipIf(!process.env.REDIS_URL || !process.env.DATABASE_URL)(
    'as its own process (skipped: needs REDIS_URL and DATABASE_URL)',
    () => {
      let database: TestDatabase
      let smtp: FakeSmtpServer
      const prefix = `test-${randomBytes(6).toString('hex')}`
      const redisUrl = process.env.REDIS_URL ?? ''

      beforeAll(async () => {
        database = await createTestDatabase()
        smtp = await startFakeSmtpServer()
      })
      afterAll(async () => {
        await smtp?.close()
        await database?.drop()
      })

      it('sends queued email, then stops cleanly on SIGTERM', async () => {
        const child = spawn(process.execPath, ['build/worker.js'], {
          env: {
            ...baseEnv,
            LOG_LEVEL: 'info',
            REDIS_URL: redisUrl,
            QUEUE_PREFIX: prefix,
            DATABASE_URL: database.url ?? '',
            SMTP_URL: smtp.url,
            DATA_DIR: mkdtempSync(join(tmpdir(), 'worker-')),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        let output = ''
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
        const queue = new BullJobQueue({ redisUrl, prefix })
        try {
          const waitFor = async (check: () => Promise<boolean> | boolean, what: string) => {
            const deadline = Date.now() + 30_000
            while (!(await check())) {
              if (Date.now() > deadline) throw new Error(`${what} did not happen in time\n${output}`)
              await new Promise((resolve) => setTimeout(resolve, 100))
            }
          }
          await waitFor(() => output.includes('worker started'), 'worker start')

          const row = await insertOutboxRow(database.handle, { subject: 'Sent by the worker' })
          await queue.enqueue(sendEmailJob, { emailId: row.id, tenantId: null })
          await waitFor(async () => (await readOutboxRow(database.handle, row.id)).status === 'sent', 'delivery')
          expect(smtp.received.map((mail) => mail.subject)).toContain('Sent by the worker')

          child.kill('SIGTERM')
          expect(await exited).toBe(0)
          expect(output).toContain('worker stopping after the jobs in hand')
        } finally {
          if (child.exitCode === null) child.kill('SIGKILL')
          await queue.queueFor(sendEmailJob.name).obliterate({ force: true })
          await queue.close()
        }
      }, 90_000)
    },
  )
})
