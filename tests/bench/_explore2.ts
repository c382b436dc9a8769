import autocannon from 'autocannon'
import { startServer } from '#tests/e2e/support/server'
import { createBenchForm, send } from './bench-form'
import { processTreeCpuMs } from './process-cpu'
const server = await startServer({ env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'true', APP_SECRET: 'bench-secret-bench-secret-bench-secret-01' } })
try {
const host = `demo.localhost:${server.port}`
const form = await createBenchForm(server, host)
const home = await send(server.port, { path: '/home', headers: { host } })
const demoForm = /href="(\/pforms\/[0-9a-f-]{36})"/g
const links = [...home.body.matchAll(demoForm)].map(m => m[1])
console.log('links', links)
const targets: [string, string, Record<string, string>][] = [
  ['bench form', `/pforms/${form.guId}`, { host }],
  ['seed form', links.find(l => !l.includes(form.guId)) ?? '', { host }],
  ['home uncached (cookie)', '/home', { host, cookie: 'x=1' }],
  ['healthz', '/healthz', { host: `localhost:${server.port}` }],
]
for (const [name, path, headers] of targets) {
  const r0 = await send(server.port, { path, headers })
  await autocannon({ url: `http://127.0.0.1:${server.port}${path}`, headers, connections: 1, amount: 200 })
  const before = processTreeCpuMs(server.pid)
  const r: any = await autocannon({ url: `http://127.0.0.1:${server.port}${path}`, headers, connections: 4, amount: 1000 })
  const cpu = processTreeCpuMs(server.pid) - before
  console.log(name, r0.status, r0.body.length, 'bytes', r.requests.average, 'req/s', 'p50', r.latency.p50, 'cpu ms/req', (cpu / r.requests.total).toFixed(2), 'non2xx', r.non2xx)
}
} finally { await server.stop() }
