import { demoLogins, masterAdminEmail } from '#db/seed-data'
import type { Env } from '#server/env.server'

/** Tells whoever started the server where to go and how to sign in. */
export function printWelcome(env: Env, demoPassword: string | null): void {
  const domain = env.PLATFORM_DOMAINS[0] ?? 'localhost'
  const port = env.PORT === 80 ? '' : `:${env.PORT}`
  const lines = [
    '',
    `Studio Platform is running (${env.DATABASE_URL ? 'Postgres' : `PGlite in ${env.DATA_DIR}`}, ${env.REDIS_URL ? 'BullMQ jobs' : 'in-process jobs'}, ${env.SMTP_URL ? 'SMTP mail' : 'outbox mail'})`,
    `  Demo tenant:    http://demo.${domain}${port}`,
    `  Franchise:      http://demo-east.${domain}${port}`,
    `  Master tenant:  http://${env.MASTER_ORG_ID}.${domain}${port}`,
    `  Platform host:  http://${domain}${port}`,
  ]
  if (demoPassword) {
    lines.push('', `  Demo logins (password: ${demoPassword})`)
    for (const email of demoLogins) lines.push(`    ${email}`)
    lines.push(`    ${masterAdminEmail}  (master tenant)`)
  }
  lines.push('')
  console.log(lines.join('\n'))
}
