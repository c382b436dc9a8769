import autocannon from 'autocannon'
import { startServer } from '#tests/e2e/support/server'
import { createBenchForm } from './bench-form'
const server = await startServer({ env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'true', APP_SECRET: 'bench-secret-bench-secret-bench-secret-01', NODE_OPTIONS: '--require /tmp/fb/prof-hook.cjs' } })
const host = `demo.localhost:${server.port}`
const form = await createBenchForm(server, host)
const path = process.argv[2] === 'home' ? '/home' : `/pforms/${form.guId}`
console.log(await autocannon({ url: `http://127.0.0.1:${server.port}${path}`, headers: { host }, connections: 50, duration: 8, timeout: 30 }).then((r: any) => r.requests.average))
await server.stop()
