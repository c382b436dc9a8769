import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Worker, type ConnectionOptions } from 'bullmq'
import { Redis } from 'ioredis'
import { pino } from 'pino'
import { withTenant } from '#db/tenant-scope'
import { formSubmissionPdfJob, formSubmissionPdfJobId } from '#jobs/form-submission-pdf'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import { issueFormStamp } from '#server/forms/fill-time'
import type { FormDefinition } from '#server/forms/form-definition'
import { submissionPdfKey } from '#server/forms/generate-submission-pdf'
import { submitForm } from '#server/forms/submit-form'
import type { Tenant } from '#server/tenancy/tenant'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createTrialForm, validPost } from './form-fixtures'
import { eventually } from '#tests/support/eventually'

const redisUrl = process.env.REDIS_URL ?? ''
const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe.skipIf(!redisUrl)(`PDF copies on BullMQ (${engine}) — skipped: needs REDIS_URL`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let form: FormDefinition
  let prefix: string
  let queue: BullJobQueue
  let workers: RunningWorkers | null = null
  const silent = pino({ level: 'silent' })
  let visitor = 0

  beforeAll(async () => {
    platform = await createTestPlatform()
    tenant = await createTenant(platform, { name: 'Queue Studio' })
    form = await createTrialForm(platform, tenant)
    prefix = `test-${randomBytes(6).toString('hex')}`
    queue = new BullJobQueue({ redisUrl, prefix })
    // Submissions queue their copies on Redis, as the web server does with REDIS_URL set.
    ;(platform as { jobs: unknown }).jobs = queue
  })
  afterAll(async () => {
    await workers?.close()
    await queue?.queueFor(formSubmissionPdfJob.name).obliterate({ force: true })
    await queue?.close()
    await platform?.close()
  })

  async function submit(): Promise<string> {
    visitor += 1
    const result = await submitForm(platform, tenant, {
      form,
      posted: validPost(form, { email: `queue${visitor}@example.com`, formStartedAt: issueFormStamp(platform.env, form.id, Date.now() - 60_000) }),
      ip: `192.0.2.${visitor}`,
      userAgent: 'test',
      student: null,
    })
    if (!result.ok) throw new Error(result.message)
    return result.value.submissionId
  }

  const statusOf = (submissionId: string) =>
    withTenant(platform.database, tenant.id, (trx) =>
      trx.selectFrom('form_submissions').select(['pdf_status', 'pdf_file_key']).where('id', '=', submissionId).executeTakeFirstOrThrow(),
    )
  const tenantFiles = () => join(platform.env.DATA_DIR, 'files', tenant.id, 'form-submissions')

  it('completes through Redis and a worker, with exactly one file', async () => {
    workers = startBullWorkers(platform, silent, { redisUrl, prefix })
    const submissionId = await submit()
    await eventually(async () => (await statusOf(submissionId)).pdf_status === 'COMPLETE')
    expect((await statusOf(submissionId)).pdf_file_key).toBe(submissionPdfKey(submissionId))
    expect((await readdir(tenantFiles())).filter((name) => name.startsWith(submissionId))).toEqual([`${submissionId}.pdf`])

    // A second delivery of the same job (at least once) makes no second file.
    await queue.enqueue(formSubmissionPdfJob, { submissionId, tenantId: tenant.id }, { jobId: `${formSubmissionPdfJobId(submissionId)}-again` })
    await eventually(async () => (await queue.queueFor(formSubmissionPdfJob.name).getJobState(`${formSubmissionPdfJobId(submissionId)}-again`)) === 'completed')
    expect((await readdir(tenantFiles())).filter((name) => name.startsWith(submissionId))).toEqual([`${submissionId}.pdf`])
    await workers.close()
    workers = null
  })

  it('retries after a thrown error and then completes', async () => {
    // The folder the copy goes into is blocked by a file: writing throws until it is removed.
    await rm(tenantFiles(), { recursive: true, force: true })
    await mkdir(join(platform.env.DATA_DIR, 'files', tenant.id), { recursive: true })
    await writeFile(tenantFiles(), 'in the way')
    workers = startBullWorkers(platform, silent, { redisUrl, prefix })
    const submissionId = await submit()
    const bull = queue.queueFor(formSubmissionPdfJob.name)
    const jobId = formSubmissionPdfJobId(submissionId)
    await eventually(async () => ((await bull.getJob(jobId))?.attemptsMade ?? 0) >= 1)
    expect((await statusOf(submissionId)).pdf_status).toBe('IN_PROGRESS')
    await rm(tenantFiles(), { force: true })
    await eventually(async () => (await statusOf(submissionId)).pdf_status === 'COMPLETE')
    expect(await readdir(tenantFiles())).toEqual([`${submissionId}.pdf`])
    await workers.close()
    workers = null
  })

  it('recovers a job whose worker died mid-job', async () => {
    const submissionId = await submit()
    const jobId = formSubmissionPdfJobId(submissionId)
    // A worker takes the job and dies without finishing: its lock is never renewed.
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null })
    const doomed = new Worker(formSubmissionPdfJob.queue, null, {
      connection: connection as ConnectionOptions,
      prefix,
      lockDuration: 1000,
      autorun: false,
    })
    const taken = await doomed.getNextJob('doomed-worker-token')
    expect(taken?.id).toBe(jobId)
    connection.disconnect()
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect((await statusOf(submissionId)).pdf_status).toBe('IN_PROGRESS')

    // Every worker checks for stalled jobs every 30 s and puts them back in the queue; a
    // checker that looks every half second stands in for waiting that long.
    const checkerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null })
    await checkerConnection.del(`${prefix}:${formSubmissionPdfJob.queue}:stalled-check`)
    const checker = new Worker(formSubmissionPdfJob.queue, null, {
      connection: checkerConnection as ConnectionOptions,
      prefix,
      stalledInterval: 500,
      autorun: false,
    })
    await checker.startStalledCheckTimer()
    const bull = queue.queueFor(formSubmissionPdfJob.name)
    await eventually(async () => (await bull.getJobState(jobId)) === 'waiting', 15_000)
    await checker.close()
    await doomed.close(true).catch(() => undefined)
    checkerConnection.disconnect()

    // A live worker then runs it to the end.
    workers = startBullWorkers(platform, silent, { redisUrl, prefix })
    await eventually(async () => (await statusOf(submissionId)).pdf_status === 'COMPLETE')
    expect((await readdir(tenantFiles())).filter((name) => name.startsWith(submissionId))).toEqual([`${submissionId}.pdf`])
  }, 60_000)
})
