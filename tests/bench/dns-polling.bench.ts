import { randomUUID } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { z } from 'zod'
import { InProcessJobQueue } from '#jobs/runtime/in-process-queue'
import { registerJob } from '#jobs/runtime/registry'
import { checkRequiredRecords } from '#server/email-sender/check-records'
import { createTxtResolver } from '#server/email-sender/dns-lookup'
import { senderDnsRecords } from '#server/email-sender/dns-records'
import { defineJob } from '#server/jobs/job-contract'
import { createLogger } from '#server/logger'
import type { Platform } from '#server/platform'
import { startFakeDnsServer } from '#tests/fakes/dns-server'

/**
 * 1,000 pending senders polling DNS must not hold up mail: a send-email-like job on the
 * interactive queue is timed from enqueue to start on its own, then while 1,000 DNS checks
 * (real TXT look-ups of two records each against a local DNS server, none found) wait on the
 * bulk queue, each for its own tenant, with the product's default concurrency (4 and 2).
 */
export const DNS_POLLING_SENDERS = 1_000
export const DNS_POLLING_TARGET_EXTRA_MS = 50

export interface DnsPollingResult {
  aloneMs: number
  withPollingMs: number
  checksDoneWhenMailStarted: number
}

export async function benchDnsPolling(): Promise<DnsPollingResult> {
  const dns = await startFakeDnsServer()
  const resolver = createTxtResolver(dns.address)
  let checksDone = 0
  let mailStarted: (() => void) | null = null
  const check = defineJob({ name: 'bench-dns-check', queue: 'bulk', payload: z.object({ tenantId: z.string().uuid(), domain: z.string() }), attempts: 1 })
  const mail = defineJob({ name: 'bench-send-email', payload: z.object({ tenantId: z.string().uuid() }), attempts: 1 })
  const jobs = [
    registerJob(check, async ({ domain }) => {
      await checkRequiredRecords(resolver, senderDnsRecords({ domain, selector: 'studio1', publicKeyBase64: 'QUJD', verificationToken: 't' }))
      checksDone += 1
    }),
    registerJob(mail, async () => mailStarted?.()),
  ]
  // The queue's audit reads only these of the platform in production mode.
  const platform = { env: { isProduction: true } } as unknown as Platform
  const queue = new InProcessJobQueue(() => platform, createLogger('silent'), { extraJobs: jobs, queues: { interactive: { concurrency: 4 }, bulk: { concurrency: 2 } } })
  const timeMail = async () => {
    const started = new Promise<void>((resolve) => (mailStarted = resolve))
    const at = performance.now()
    await queue.enqueue(mail, { tenantId: randomUUID() })
    await started
    return performance.now() - at
  }
  try {
    await timeMail() // warm up
    const aloneRuns: number[] = []
    for (let i = 0; i < 20; i++) aloneRuns.push(await timeMail())
    for (let i = 0; i < DNS_POLLING_SENDERS; i++) await queue.enqueue(check, { tenantId: randomUUID(), domain: `studio${i}.test` }, { jobId: `dns-verify-${i}` })
    const busyRuns: number[] = []
    let checksDoneWhenMailStarted = 0
    for (let i = 0; i < 20; i++) {
      busyRuns.push(await timeMail())
      if (i === 0) checksDoneWhenMailStarted = checksDone
    }
    await queue.drain()
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    return { aloneMs: median(aloneRuns), withPollingMs: median(busyRuns), checksDoneWhenMailStarted }
  } finally {
    await queue.close()
    await dns.close()
  }
}

export function formatDnsPolling(result: DnsPollingResult): string {
  return [
    `DNS polling: a send-email job starts ${result.aloneMs.toFixed(2)} ms after it is queued on its own,`,
    `${result.withPollingMs.toFixed(2)} ms with ${DNS_POLLING_SENDERS.toLocaleString('en')} DNS checks queued on the bulk queue (${result.checksDoneWhenMailStarted} of them done when the first started; target: under ${DNS_POLLING_TARGET_EXTRA_MS} ms more)`,
  ].join(' ')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatDnsPolling(await benchDnsPolling()))
}
