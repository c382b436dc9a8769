import { MASTER_TEMPLATES } from '#server/website/master-templates'
import type { RunningServer } from '#tests/e2e/support/server'
import { rawGet, withBareServer } from './bare-server'
import { send, signInAsDemoAdmin } from './bench-http'
import { measureLoad, withBenchServer, type LoadResult } from './load'

/** A published page built from a shared template, anonymous, against a bare node:http server sending the same bytes. */
export interface TemplatePageResult {
  template: string
  encoding: string
  bodyBytes: number
  app: LoadResult
  bare: LoadResult
  ratio: number
}

export const TEMPLATE_PAGE_RATIO_TARGET = 0.4

const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' }

/**
 * Builds a page from a shared template the way staff do (add, rename, save the template's
 * HTML and CSS through the editor's Submit, publish), so the page is exactly what a visitor
 * gets from the builder. Answers its public address.
 */
export async function publishTemplatePage(server: RunningServer, host: string, templateId: string, title: string): Promise<string> {
  const template = MASTER_TEMPLATES.find((entry) => entry.id === templateId)
  if (!template) throw new Error(`no template ${templateId}`)
  const cookie = await signInAsDemoAdmin(server.port, host)
  const headers = { host, origin: `http://${host}`, cookie, 'content-type': 'application/x-www-form-urlencoded' }
  const post = async (path: string, fields: Record<string, string>) => {
    const answer = await send(server.port, { method: 'POST', path, headers, body: new URLSearchParams(fields).toString() })
    if (answer.status !== 302) throw new Error(`POST ${path} ${fields.intent} answered ${answer.status}`)
    return answer
  }
  const added = await post('/website', { intent: 'add' })
  const name = new URL(String(added.headers.location), 'http://x').searchParams.get('page') ?? ''
  await post('/website', { intent: 'rename', page: name, title })
  await post(`/website/edit/${name}`, { intent: 'save', mode: 'visual', html: template.html, css: template.css, design: '', source: template.name })
  await post('/website', { intent: 'publish', page: name, published: 'true' })
  return `/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
}

export function benchTemplatePage(options: { duration?: number; templateId?: string } = {}): Promise<TemplatePageResult> {
  const templateId = options.templateId ?? MASTER_TEMPLATES[0]?.id ?? ''
  return withBenchServer(1, async (server) => {
    const host = `demo.localhost:${server.port}`
    const path = await publishTemplatePage(server, host, templateId, 'Bench Template Page')
    const headers = { host, ...BROWSER_HEADERS }
    const sample = await rawGet(server.port, path, headers)
    if (sample.status !== 200) throw new Error(`the template page answered ${sample.status}`)
    const app = await measureLoad(server, { path, headers, setup: 'app, 1 process', target: `GET ${path}`, duration: options.duration })
    const bare = await withBareServer(sample, (target) =>
      measureLoad(target as Parameters<typeof measureLoad>[0], { path, headers, setup: 'node:http, 1 process', target: 'bare node:http, same bytes', duration: options.duration }),
    )
    return {
      template: templateId,
      encoding: String(sample.headers['content-encoding'] ?? 'identity'),
      bodyBytes: sample.body.length,
      app: { ...app, setup: process.env.DATABASE_URL ? 'Postgres, 1 process' : 'PGlite, 1 process' },
      bare,
      ratio: bare.requestsPerSecond > 0 ? app.requestsPerSecond / bare.requestsPerSecond : 0,
    }
  })
}

export function formatTemplatePage(r: TemplatePageResult): string {
  return (
    `Published page from template ${r.template}, anonymous (${r.app.setup}; ${r.bodyBytes.toLocaleString('en')} bytes, ${r.encoding}): ` +
    `app ${r.app.requestsPerSecond.toFixed(0)} req/s (p99 ${r.app.p99Ms} ms), bare ${r.bare.requestsPerSecond.toFixed(0)} req/s (p99 ${r.bare.p99Ms} ms): ` +
    `${(r.ratio * 100).toFixed(0)}% of the bare server (target ${TEMPLATE_PAGE_RATIO_TARGET * 100}%)`
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatTemplatePage(await benchTemplatePage()))
}
