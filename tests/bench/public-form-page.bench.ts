import { BENCH_FORM_INPUTS, createBenchForm } from './bench-form'
import { formatLoad, measureLoad, setupName, withBenchServer, type LoadResult } from './load'

/**
 * The public page of a published 12-input registration form (`GET /pforms/{guId}`), as
 * anonymous visitors open it: the page is kept in the page cache for a few seconds, and every
 * answer still carries its own nonce and fill-time stamp. The form is made and published by the
 * demo admin through the staff screens.
 */
export function benchPublicFormPage(options: { webConcurrency?: number; duration?: number } = {}): Promise<LoadResult> {
  const processes = options.webConcurrency ?? 1
  return withBenchServer(processes, async (server) => {
    const host = `demo.localhost:${server.port}`
    const form = await createBenchForm(server, host)
    return measureLoad(server, {
      path: `/pforms/${form.guId}`,
      headers: { host },
      setup: setupName(processes),
      target: `GET /pforms/{guId} (${BENCH_FORM_INPUTS} inputs)`,
      duration: options.duration,
    })
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatLoad(await benchPublicFormPage({ webConcurrency: Number(process.env.WEB_CONCURRENCY ?? 1) })))
}
