import type { DatabaseHandle } from '#db/connection'
import { asSystem } from '#db/tenant-scope'
import type { RunningServer } from './server'

export interface KeptEmail {
  to: string
  subject: string
}

/**
 * The outbound_emails rows to one address. On Postgres they are read from the table; on PGlite
 * (one process only may open it) from the server's log, where the delivery job prints each row
 * it keeps in the outbox (no SMTP in these servers) with its address and subject
 * (server/mail/deliver-email.ts).
 */
export async function outboundEmailsTo(to: string, source: { postgres: DatabaseHandle | null; server: RunningServer }): Promise<KeptEmail[]> {
  if (source.postgres) {
    const rows = await asSystem(source.postgres, 'e2e: emails kept for an address', (trx) =>
      trx.selectFrom('outbound_emails').select(['to_address', 'subject']).where('to_address', '=', to).orderBy('created_at').execute(),
    )
    return rows.map((row) => ({ to: row.to_address, subject: row.subject }))
  }
  const kept: KeptEmail[] = []
  for (const line of source.server.output().split('\n')) {
    if (!line.includes('kept in the outbox') || !line.includes(`"to":"${to}"`)) continue
    const entry = JSON.parse(line) as { to: string; subject: string }
    kept.push({ to: entry.to, subject: entry.subject })
  }
  return kept
}
