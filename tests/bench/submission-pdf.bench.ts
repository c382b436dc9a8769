import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { deflateSync } from 'node:zlib'
import { withTenant } from '#db/tenant-scope'
import { formSubmissionPdfJob } from '#jobs/form-submission-pdf'
import { findJob } from '#jobs/runtime/registry'
import { customFieldInputSchema } from '#server/custom-fields/custom-field-input'
import { saveCustomField } from '#server/custom-fields/save-custom-field'
import { customFormInputSchema } from '#server/forms/custom-form-input'
import { issueFormStamp } from '#server/forms/fill-time'
import { loadFormDefinition, type FormDefinition } from '#server/forms/form-definition'
import { customFieldKey } from '#server/forms/form-inputs'
import { readAgreedTexts } from '#server/forms/canonical-submission'
import { renderSubmissionPdf } from '#server/forms/render-submission-pdf'
import { saveCustomForm } from '#server/forms/save-custom-form'
import { submissionRows } from '#server/forms/submission-rows'
import { submitForm } from '#server/forms/submit-form'
import type { JobContract, JobQueue } from '#server/jobs/job-contract'
import type { Tenant } from '#server/tenancy/tenant'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { BENCH_FIELDS, BENCH_FORM_INPUTS, BENCH_FORM_NAME } from './bench-form'

export interface SubmissionPdfResult {
  setup: string
  target: string
  pdfs: number
  seconds: number
  pdfsPerSecond: number
  /** CPU time of this process per PDF (with PGlite it includes the database's work). */
  cpuMsPerPdf: number
  /** renderSubmissionPdf alone, same submission, one at a time: the layout and encoding. */
  renderOnlyMs: number
  averagePdfBytes: number
}

const WARM_UP_PDFS = 30
const PDFS = 300
/** What `npm run worker` gives each job's BullMQ worker (jobs/runtime/bullmq-queue.ts). */
const WORKER_CONCURRENCY = 4
const RENDER_ONLY_RUNS = 100

/**
 * The PDF copy job's handler (jobs/form-submission-pdf.handler.ts), as a worker process runs
 * it: for each stored submission, read it from the database, lay out and encode the PDF, write
 * it to the tenant's files (temporary file, then rename) and record it COMPLETE, four jobs at a
 * time in one process. The submissions are made first by the product's submitForm: the
 * 12-input benchmark form plus a required signature, each signed by drawing (a 350x150 PNG,
 * the heavier case), their jobs held back and then handed to the handler. BullMQ's own
 * round trips to Redis are not included. Database: Postgres when DATABASE_URL is set, else
 * in-memory PGlite in this same process.
 */
export async function benchSubmissionPdf(options: { pdfs?: number } = {}): Promise<SubmissionPdfResult> {
  const platform = await createTestPlatform()
  const held: Array<{ submissionId: string; tenantId: string }> = []
  const holdingQueue: JobQueue = {
    kind: 'in-process',
    async enqueue<P>(job: JobContract<P>, payload: P) {
      if (job.name === formSubmissionPdfJob.name) held.push(formSubmissionPdfJob.payload.parse(payload))
    },
    async repeat() {},
    async close() {},
  }
  ;(platform as { jobs: unknown }).jobs = holdingQueue
  try {
    const tenant = await createTenant(platform, { name: 'Demo Yoga Studio' })
    const form = await createSignedBenchForm(platform, tenant)
    const count = options.pdfs ?? PDFS
    const signature = `data:image/png;base64,${signaturePng(350, 150).toString('base64')}`
    for (let n = 1; n <= WARM_UP_PDFS + count; n++) {
      const posted: Record<string, string> = {
        fullName: `Visitor${n} Benchmark`,
        email: `visitor${n}@bench.example.com`,
        phone: '555-010-0100',
        sign: signature,
        formStartedAt: issueFormStamp(platform.env, form.id, Date.now() - 60_000),
        website: '',
      }
      for (const [index, field] of BENCH_FIELDS.entries()) posted[customFieldKey(form.fields[index].guId)] = field.value
      const result = await submitForm(platform, tenant, { form, posted, ip: `10.0.${n >> 8}.${n & 255}`, userAgent: 'Mozilla/5.0 (PDF benchmark)', student: null })
      if (!result.ok) throw new Error(`a benchmark submission was not stored: ${JSON.stringify(result)}`)
    }
    if (held.length !== WARM_UP_PDFS + count) throw new Error(`${held.length} PDF jobs queued for ${WARM_UP_PDFS + count} submissions`)

    const handler = findJob(formSubmissionPdfJob.name)
    if (!handler) throw new Error('no handler registered for the PDF job')
    const runJobs = async (jobs: typeof held) => {
      let next = 0
      const lane = async () => {
        while (next < jobs.length) {
          const payload = jobs[next++]
          await handler.handle(payload, platform, { attempt: 1, maxAttempts: formSubmissionPdfJob.attempts, isLastAttempt: false })
        }
      }
      await Promise.all(Array.from({ length: WORKER_CONCURRENCY }, lane))
    }
    await runJobs(held.slice(0, WARM_UP_PDFS))
    const cpuBefore = process.cpuUsage()
    const started = performance.now()
    await runJobs(held.slice(WARM_UP_PDFS))
    const seconds = (performance.now() - started) / 1000
    const cpu = process.cpuUsage(cpuBefore)

    const statuses = await withTenant(platform.database, tenant.id, (trx) =>
      trx.selectFrom('form_submissions').select(['pdf_status']).where('form_id', '=', form.id).execute(),
    )
    const complete = statuses.filter((row) => row.pdf_status === 'COMPLETE').length
    if (complete !== held.length) throw new Error(`${complete} of ${held.length} submissions have a COMPLETE PDF`)
    const folder = join(platform.env.DATA_DIR, 'files', tenant.id, 'form-submissions')
    const files = (await readdir(folder, { withFileTypes: true })).filter((entry) => entry.isFile() && entry.name.endsWith('.pdf'))
    if (files.length !== held.length) throw new Error(`${files.length} PDF files stored for ${held.length} submissions`)
    let bytes = 0
    for (const file of files) bytes += (await stat(join(folder, file.name))).size

    const renderOnlyMs = await timeRenderOnly(platform, tenant, held[held.length - 1].submissionId)
    return {
      setup: `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite in this process'}, 1 process, ${WORKER_CONCURRENCY} jobs at a time`,
      target: `PDF copy job (${BENCH_FORM_INPUTS} inputs + drawn signature)`,
      pdfs: count,
      seconds,
      pdfsPerSecond: count / seconds,
      cpuMsPerPdf: (cpu.user + cpu.system) / 1000 / count,
      renderOnlyMs,
      averagePdfBytes: bytes / files.length,
    }
  } finally {
    await platform.close()
    // The stored PDFs: the test platform's data folder is this benchmark's own.
    await rm(platform.env.DATA_DIR, { recursive: true, force: true })
  }
}

/** The benchmark form with a required signature, saved with the product's own functions. */
async function createSignedBenchForm(platform: TestPlatform, tenant: Tenant): Promise<FormDefinition> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const guIds: string[] = []
    for (const field of BENCH_FIELDS) {
      const input = customFieldInputSchema.parse({ type: field.type, name: field.name, tag: field.tag, isMandatory: field.isMandatory ?? false, options: field.options ?? [] })
      const saved = await saveCustomField(trx, tenant.id, input, { existing: null, tagShown: true })
      if (!saved.ok) throw new Error(JSON.stringify(saved.details))
      guIds.push(saved.value.guId)
    }
    const form = await saveCustomForm(
      trx,
      tenant.id,
      customFormInputSchema.parse({ name: BENCH_FORM_NAME, formType: 'STUDENT_REGISTRATION', isName: true, isEmail: true, isPhone: true, isSignRequired: true, fieldGuIds: guIds }),
      null,
    )
    if (!form.ok) throw new Error(JSON.stringify(form.details.fieldErrors))
    const definition = await loadFormDefinition(trx, { id: form.value.id })
    if (!definition) throw new Error('the benchmark form was not found after saving it')
    return definition
  })
}

/** renderSubmissionPdf alone for one stored submission, as the handler calls it: mean ms. */
async function timeRenderOnly(platform: TestPlatform, tenant: Tenant, submissionId: string): Promise<number> {
  const row = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('form_submissions')
      .select(['form_name', 'form_version', 'data', 'signature_png', 'signed_at', 'signer_ip', 'signer_user_agent', 'integrity_hash', 'created_at'])
      .where('id', '=', submissionId)
      .executeTakeFirstOrThrow(),
  )
  const input = {
    organisationName: tenant.name,
    dates: tenant.settings,
    formName: row.form_name,
    submittedAt: new Date(row.created_at),
    rows: submissionRows(row.data),
    signature: { method: 'drawn' as const, png: Buffer.from(row.signature_png ?? '', 'base64') },
    signedAt: row.signed_at ? new Date(row.signed_at) : null,
    integrity: { hash: row.integrity_hash, formVersion: row.form_version, signerIp: row.signer_ip, signerUserAgent: row.signer_user_agent },
    agreedTexts: readAgreedTexts(row.data),
  }
  const started = performance.now()
  for (let i = 0; i < RENDER_ONLY_RUNS; i++) await renderSubmissionPdf(input)
  return (performance.now() - started) / RENDER_ONLY_RUNS
}

/**
 * A signature as the form's canvas gives it: a 350x150 RGBA PNG, transparent, with a dark
 * stroke zigzagging across (what toDataURL of a drawn pad looks like, a few kilobytes).
 */
export function signaturePng(width: number, height: number): Buffer {
  const stride = width * 4 + 1
  const pixels = Buffer.alloc(stride * height)
  const ink = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const px = Math.round(x) + dx
        const py = Math.round(y) + dy
        if (px < 0 || py < 0 || px >= width || py >= height) continue
        const at = py * stride + 1 + px * 4
        pixels[at] = 17
        pixels[at + 1] = 24
        pixels[at + 2] = 39
        pixels[at + 3] = 255
      }
    }
  }
  for (let x = 20; x < width - 20; x += 0.25) ink(x, height / 2 + Math.sin(x / 9) * 40 + Math.sin(x / 23) * 12)
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8) // 8 bits per channel, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(data: Buffer): number {
  let crc = 0xffffffff
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

export function formatSubmissionPdf(r: SubmissionPdfResult): string {
  return (
    `${r.target} (${r.setup}): ${r.pdfsPerSecond.toFixed(1)} PDFs/s (${r.pdfs} in ${r.seconds.toFixed(2)} s: read, render, store, mark COMPLETE), ` +
    `${r.cpuMsPerPdf.toFixed(1)} ms CPU per PDF, render alone ${r.renderOnlyMs.toFixed(1)} ms, ${(r.averagePdfBytes / 1024).toFixed(1)} KB per PDF`
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatSubmissionPdf(await benchSubmissionPdf()))
}
