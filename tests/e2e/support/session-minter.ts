import { openDatabase, type DatabaseHandle } from '#db/connection'
import { asSystem, withTenant } from '#db/tenant-scope'
import { prepareDatabase } from '#server/boot/prepare-database'
import { idleExpiry, insertSession } from '#server/auth/session-store'
import { loadEnv } from '#server/env.server'
import { createLogger } from '#server/logger'
import { isRole } from '#server/shell/roles'

/** Who a test signs in as: a seeded (or test-made) person of one organisation. */
export interface SignInAs {
  /** The organisation's id (its host is `<orgId>.localhost`); 'demo' by default. */
  orgId?: string
  email: string
}

/** Hands out session tokens for people of the server's database, without the login form. */
export interface SessionMinter {
  tokenFor(who: SignInAs): Promise<string>
  close(): Promise<void>
}

/** On PGlite, sessions made before the server starts, per person (see makePgliteSessionPool). */
const SESSIONS_PER_PERSON = 30
/** Pooled sessions outlive any test file; the first request slides them to the idle time-out. */
const POOLED_SESSION_LIFETIME_MS = 12 * 60 * 60_000

/**
 * Against a real Postgres the test process reaches the server's own database, so each sign-in
 * inserts a fresh session row there, as the login action does (server/auth/start-session.ts:
 * a new opaque token, only its hash stored, the idle time-out from now).
 */
export async function postgresSessionMinter(databaseUrl: string, serverEnv: Readonly<Record<string, string | undefined>>): Promise<SessionMinter> {
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 2 })
  const idleMinutes = loadEnv(serverEnv).SESSION_IDLE_MINUTES
  return {
    async tokenFor(who) {
      const person = await findPerson(database, who)
      const issued = await withTenant(database, person.tenantId, async (trx) => {
        const now = new Date()
        // As a sign-in does: the footer's 'Last activity' shows it.
        await trx.updateTable('contacts').set({ last_login_at: now }).where('id', '=', person.contactId).execute()
        return insertSession(trx, { tenantId: person.tenantId, contactId: person.contactId, expiresAt: idleExpiry(now, idleMinutes) })
      })
      return issued.token
    },
    close: () => database.close(),
  }
}

/**
 * PGlite is one process's database: while the server runs, nobody else may open its files. So
 * before the server starts, the test process prepares the database exactly as the server's
 * start would (migrations and the demo seed, from the same environment) and inserts a pool of
 * sessions for every person with a role; each sign-in then takes an unused one. Their
 * `last_seen_at` is set far back, so the first request slides their expiry to the idle
 * time-out, as for a session just started. People created by a test after the start are not
 * in the pool: such a test signs them in through the form (or runs on Postgres).
 */
export async function makePgliteSessionPool(serverEnv: Readonly<Record<string, string | undefined>>): Promise<SessionMinter> {
  const env = loadEnv(serverEnv)
  const database = await openDatabase({ dataDir: `${env.DATA_DIR}/pglite` })
  const pool = new Map<string, string[]>()
  try {
    await prepareDatabase(database, env, createLogger('silent'))
    const people = await asSystem(database, 'e2e: people who may sign in, to pre-issue their sessions', (trx) =>
      trx
        .selectFrom('contacts')
        .innerJoin('tenants', 'tenants.id', 'contacts.tenant_id')
        .select(['contacts.id as contactId', 'contacts.tenant_id as tenantId', 'contacts.email', 'contacts.role', 'tenants.org_id as orgId'])
        .where('contacts.email', 'is not', null)
        .execute(),
    )
    const expiresAt = new Date(Date.now() + POOLED_SESSION_LIFETIME_MS)
    for (const person of people) {
      if (!person.email || !isRole(person.role)) continue
      const tokens = await withTenant(database, person.tenantId, async (trx) => {
        const issued: string[] = []
        for (let i = 0; i < SESSIONS_PER_PERSON; i++) {
          issued.push((await insertSession(trx, { tenantId: person.tenantId, contactId: person.contactId, expiresAt })).token)
        }
        await trx.updateTable('sessions').set({ last_seen_at: new Date(0) }).where('contact_id', '=', person.contactId).execute()
        await trx.updateTable('contacts').set({ last_login_at: new Date() }).where('id', '=', person.contactId).execute()
        return issued
      })
      pool.set(personKey({ orgId: person.orgId, email: person.email }), tokens)
    }
  } finally {
    await database.close()
  }
  return {
    async tokenFor(who) {
      const tokens = pool.get(personKey(who))
      if (!tokens) throw new Error(`no pre-issued session for ${who.email} on ${who.orgId ?? 'demo'}: only people seeded before the server started can sign in without the form on PGlite`)
      const token = tokens.pop()
      if (!token) throw new Error(`the ${SESSIONS_PER_PERSON} pre-issued sessions of ${who.email} are used up: raise SESSIONS_PER_PERSON`)
      return token
    },
    close: async () => undefined,
  }
}

function personKey(who: SignInAs): string {
  return `${who.orgId ?? 'demo'} ${who.email.toLowerCase()}`
}

async function findPerson(database: DatabaseHandle, who: SignInAs): Promise<{ tenantId: string; contactId: string }> {
  const found = await asSystem(database, 'e2e: find the person a test signs in as', (trx) =>
    trx
      .selectFrom('contacts')
      .innerJoin('tenants', 'tenants.id', 'contacts.tenant_id')
      .select(['contacts.id as contactId', 'contacts.tenant_id as tenantId', 'contacts.role'])
      .where('tenants.org_id', '=', who.orgId ?? 'demo')
      .where((eb) => eb(eb.fn('lower', ['contacts.email']), '=', who.email.toLowerCase()))
      .executeTakeFirst(),
  )
  if (!found || !isRole(found.role)) throw new Error(`${who.email} is not a person with a role on ${who.orgId ?? 'demo'}`)
  return { tenantId: found.tenantId, contactId: found.contactId }
}
