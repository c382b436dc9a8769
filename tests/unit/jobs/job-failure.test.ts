import { pino } from 'pino'
import { z } from 'zod'
import { InvalidJobPayloadError, isUnrecoverable, logFailedAttempt } from '#jobs/runtime/job-failure'
import { registerJob } from '#jobs/runtime/registry'
import { defineJob, UnrecoverableJobError } from '#server/jobs/job-contract'
import type { Platform } from '#server/platform'

const job = defineJob({ name: 'test-job', payload: z.object({ recordId: z.string().uuid(), tenantId: z.string().uuid().nullable() }) })

function capture() {
  const lines: Array<Record<string, unknown>> = []
  const logger = pino({ level: 'debug', base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) })
  return { logger, lines }
}

describe('failed job attempts', () => {
  it('defaults a contract to the interactive queue, five attempts', () => {
    expect(job).toMatchObject({ queue: 'interactive', attempts: 5 })
  })

  it('refuses a payload that fails the schema before the handler runs, naming each field', async () => {
    let ran = false
    const registered = registerJob(job, async () => {
      ran = true
    })
    const context = { attempt: 1, maxAttempts: 5, isLastAttempt: false }
    const failure = await registered.handle({ recordId: 'nope' }, {} as Platform, context).catch((error: unknown) => error)
    expect(ran).toBe(false)
    expect(failure).toBeInstanceOf(InvalidJobPayloadError)
    expect(failure).toBeInstanceOf(UnrecoverableJobError)
    expect((failure as InvalidJobPayloadError).issues).toEqual(['recordId: Invalid uuid', 'tenantId: Required'])
  })

  it.each([
    ['an invalid payload', new InvalidJobPayloadError('x', new z.ZodError([])), true],
    ['an unrecoverable error', new UnrecoverableJobError('gone'), true],
    ['a schema failure inside the handler', new z.ZodError([]), true],
    ['any other error', new Error('451 try again later'), false],
  ])('%s is unrecoverable: %s', (_, error, expected) => {
    expect(isUnrecoverable(error)).toBe(expected)
  })

  it('logs one error line for an invalid payload, and says whether other failures retry', () => {
    const { logger, lines } = capture()
    const invalid = job.payload.safeParse({ recordId: 'nope', tenantId: null })
    if (invalid.success) throw new Error('expected the payload to fail')
    logFailedAttempt(logger, { job: 'test-job', jobId: 'j1', attempt: 1, maxAttempts: 5, error: new InvalidJobPayloadError('test-job', invalid.error) })
    logFailedAttempt(logger, { job: 'test-job', jobId: 'j2', attempt: 1, maxAttempts: 2, error: new Error('down') })
    logFailedAttempt(logger, { job: 'test-job', jobId: 'j2', attempt: 2, maxAttempts: 2, error: new Error('down') })
    logFailedAttempt(logger, { job: 'test-job', jobId: 'j3', attempt: 1, maxAttempts: 5, error: new UnrecoverableJobError('gone') })
    expect(lines.map((line) => [line.level, line.msg, line.jobId])).toEqual([
      [50, 'job payload invalid: failed without retry', 'j1'],
      [40, 'job failed, will retry', 'j2'],
      [40, 'job failed', 'j2'],
      [40, 'job failed', 'j3'],
    ])
    expect(lines[0]?.issues).toEqual(['recordId: Invalid uuid'])
  })
})
