import { startServer, SEED_DEMO_PASSWORD } from '#tests/e2e/support/server'
const server = await startServer({ env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'true', APP_SECRET: 'bench-secret-bench-secret-bench-secret-01' } })
console.log(server.port, server.databaseUrl)
await new Promise(r => setTimeout(r, 1000000))
