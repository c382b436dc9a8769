import { randomBytes } from 'node:crypto'
import { withTenant } from '#db/tenant-scope'
import type { SenderVerificationStatus } from '#db/tables/campaign-senders'
import { dnsVerifyJob, dnsVerifyJobId } from '#jobs/dns-verify'
import { err, ok, type Result } from '#server/errors/result'
import type { MailDkim } from '#server/mail/mail-transport'
import type { Platform } from '#server/platform'
import { openSecret, sealSecret } from '#server/security/secret-box'
import { checkRequiredRecords, type RecordsCheck } from './check-records'
import { generateDkimKeyPair } from './dkim-key'
import { createTxtResolver } from './dns-lookup'
import { senderDnsRecords, senderDomain, type SenderDnsRecord } from './dns-records'
import { initialSenderStep, type SenderWizardStep } from './initial-step'
import type { SenderInfoInput } from './sender-form'
import { nextVerifyDelay } from './verify-backoff'

/** What the wizard shows: never the private key. */
export interface CampaignSenderView {
  id: string | null
  fromName: string
  fromEmail: string
  domain: string | null
  isConnected: boolean
  verificationStatus: SenderVerificationStatus | null
  dnsRecords: SenderDnsRecord[]
  lastCheckedAt: string | null
  lastCheckMessage: string | null
  step: SenderWizardStep
}

type SenderPlatform = Pick<Platform, 'database' | 'env' | 'jobs' | 'clock'>

const sealPurpose = (tenantId: string) => `campaign-sender-dkim:${tenantId}`
/** What the sender wizard is told, in English; the screen answers it in the page's language. */
export const SENDER_MESSAGES = {
  pending: 'Verification is pending. Make sure DNS details are updated.',
  gaveUp: 'We looked for the DNS records for 72 hours and did not find them. Check the records and press Check Again.',
  notConfigured: 'Email sending is not configured on this server (APP_SECRET is not set).',
  ownDomain: 'Enter an address at your own domain, like hello@yourstudio.com.',
  nothingToVerify: 'There is no sender to verify yet.',
  fetchFailed: 'Failed to fetch verification status.',
  noSender: 'There is no sender account.',
  disconnectFirst: 'Disconnect the account before deleting it.',
  notFoundYet: (names: string) => `Not found yet: ${names}.`,
  dnsUnasked: (reason: string) => `The DNS server could not be asked (${reason}). We will try again.`,
} as const
export const PENDING_MESSAGE = SENDER_MESSAGES.pending
export const GAVE_UP_MESSAGE = SENDER_MESSAGES.gaveUp

function readRow(platform: Pick<Platform, 'database'>, tenantId: string) {
  return withTenant(platform.database, tenantId, (trx) => trx.selectFrom('campaign_senders').selectAll().executeTakeFirst())
}

type SenderRow = NonNullable<Awaited<ReturnType<typeof readRow>>>

const recordsOf = (row: SenderRow) =>
  senderDnsRecords({ domain: row.domain, selector: row.dkim_selector, publicKeyBase64: row.dkim_public_key, verificationToken: row.verification_token })

export async function readCampaignSender(platform: Pick<Platform, 'database'>, tenantId: string): Promise<CampaignSenderView> {
  const row = await readRow(platform, tenantId)
  const view = {
    id: row?.id ?? null,
    fromName: row?.from_name ?? '',
    fromEmail: row?.from_email ?? '',
    domain: row?.domain ?? null,
    isConnected: row?.is_connected ?? false,
    verificationStatus: row?.verification_status ?? null,
    dnsRecords: row ? recordsOf(row) : [],
    lastCheckedAt: row?.last_checked_at?.toISOString() ?? null,
    lastCheckMessage: row?.last_check_message ?? null,
  }
  return {
    ...view,
    step: initialSenderStep({ fromName: view.fromName || null, fromEmail: view.fromEmail || null, hasDnsRecords: view.dnsRecords.length > 0, verificationStatus: view.verificationStatus }),
  }
}

/**
 * Saves the sender. A new domain gets a new key pair, token and records (pending, polled from
 * now); the same domain keeps its records and status, so renaming the sender costs nothing.
 */
export async function saveSenderInfo(platform: SenderPlatform, tenantId: string, input: SenderInfoInput): Promise<Result<CampaignSenderView>> {
  const appSecret = platform.env.APP_SECRET
  if (!appSecret) return err('unavailable', SENDER_MESSAGES.notConfigured)
  const domain = senderDomain(input.fromEmail)
  if (!domain) return err('invalid_input', SENDER_MESSAGES.ownDomain)
  const existing = await readRow(platform, tenantId)
  const now = platform.clock.now()
  let scheduled: { senderId: string; issuedAt: Date } | null = null
  if (existing && existing.domain === domain) {
    await withTenant(platform.database, tenantId, (trx) =>
      trx.updateTable('campaign_senders').set({ from_name: input.fromName, from_email: input.fromEmail, updated_at: now }).where('id', '=', existing.id).execute(),
    )
  } else {
    const keys = generateDkimKeyPair()
    const fields = {
      from_name: input.fromName,
      from_email: input.fromEmail,
      domain,
      dkim_selector: `studio${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`,
      dkim_public_key: keys.publicKeyBase64,
      dkim_private_key_sealed: sealSecret(appSecret, sealPurpose(tenantId), keys.privateKeyPem),
      verification_token: randomBytes(18).toString('base64url'),
      verification_status: 'pending' as const,
      is_connected: true,
      records_issued_at: now,
      check_attempts: 0,
      last_checked_at: null,
      last_check_message: null,
      updated_at: now,
    }
    const id = await withTenant(platform.database, tenantId, async (trx) => {
      const row = existing
        ? await trx.updateTable('campaign_senders').set(fields).where('id', '=', existing.id).returning('id').executeTakeFirstOrThrow()
        : await trx
            .insertInto('campaign_senders')
            .values({ tenant_id: tenantId, ...fields })
            .returning('id')
            .executeTakeFirstOrThrow()
      return row.id
    })
    scheduled = { senderId: id, issuedAt: now }
  }
  if (scheduled) await scheduleCheck(platform, tenantId, scheduled.senderId, scheduled.issuedAt, 1, 60_000)
  return ok(await readCampaignSender(platform, tenantId))
}

async function scheduleCheck(platform: Pick<Platform, 'jobs'>, tenantId: string, senderId: string, issuedAt: Date, attempt: number, delayMs: number): Promise<void> {
  await platform.jobs.enqueue(dnsVerifyJob, { tenantId, senderId, issuedAt: issuedAt.toISOString(), attempt }, { jobId: dnsVerifyJobId(senderId, attempt), delayMs })
}

function statusAfter(check: RecordsCheck, previous: SenderVerificationStatus | null): { status: SenderVerificationStatus | null; message: string | null } {
  if (check.outcome === 'verified') return { status: 'verified', message: null }
  if (check.outcome === 'missing') return { status: 'pending', message: `${PENDING_MESSAGE} ${SENDER_MESSAGES.notFoundYet(check.missing.join(', '))}` }
  return { status: previous, message: SENDER_MESSAGES.dnsUnasked(check.reason) }
}

async function recordCheck(platform: SenderPlatform, tenantId: string, row: SenderRow, check: RecordsCheck, status: SenderVerificationStatus | null, message: string | null) {
  await withTenant(platform.database, tenantId, (trx) =>
    trx
      .updateTable('campaign_senders')
      .set({ verification_status: status, last_check_message: message, last_checked_at: platform.clock.now(), check_attempts: row.check_attempts + 1 })
      .where('id', '=', row.id)
      .where('records_issued_at', '=', row.records_issued_at)
      .execute(),
  )
  return check
}

/** 'Check Again': looks now. A verified sender whose records are gone goes back to pending. */
export async function checkSenderNow(platform: SenderPlatform, tenantId: string): Promise<Result<CampaignSenderView>> {
  const row = await readRow(platform, tenantId)
  if (!row) return err('not_found', SENDER_MESSAGES.nothingToVerify)
  const check = await checkRequiredRecords(createTxtResolver(platform.env.DNS_RESOLVER), recordsOf(row))
  const next = statusAfter(check, row.verification_status)
  await recordCheck(platform, tenantId, row, check, next.status, next.message)
  if (check.outcome === 'unavailable') return err('unavailable', SENDER_MESSAGES.fetchFailed)
  return ok(await readCampaignSender(platform, tenantId))
}

/**
 * One run of the dns-verify job: checks, records what it found, and schedules the next look
 * while the records are missing, until 72 hours after they were issued, when it gives up with
 * status disconnect and says so. A run for records since replaced or deleted does nothing.
 */
export async function runScheduledSenderCheck(platform: SenderPlatform, job: { tenantId: string; senderId: string; issuedAt: string; attempt: number }): Promise<void> {
  const row = await readRow(platform, job.tenantId)
  if (!row || row.id !== job.senderId || row.records_issued_at.toISOString() !== job.issuedAt) return
  const check = await checkRequiredRecords(createTxtResolver(platform.env.DNS_RESOLVER), recordsOf(row))
  const next = statusAfter(check, row.verification_status)
  if (check.outcome === 'verified') {
    await recordCheck(platform, job.tenantId, row, check, next.status, next.message)
    return
  }
  const elapsed = platform.clock.now().getTime() - row.records_issued_at.getTime()
  const delay = nextVerifyDelay(job.attempt, elapsed)
  if (delay === null) {
    await recordCheck(platform, job.tenantId, row, check, 'disconnect', GAVE_UP_MESSAGE)
    return
  }
  await recordCheck(platform, job.tenantId, row, check, next.status, next.message)
  await scheduleCheck(platform, job.tenantId, row.id, row.records_issued_at, job.attempt + 1, delay)
}

export async function setSenderConnection(platform: Pick<Platform, 'database' | 'clock'>, tenantId: string, isConnected: boolean): Promise<Result<undefined>> {
  const updated = await withTenant(platform.database, tenantId, (trx) =>
    trx.updateTable('campaign_senders').set({ is_connected: isConnected, updated_at: platform.clock.now() }).returning('id').executeTakeFirst(),
  )
  return updated ? ok() : err('not_found', SENDER_MESSAGES.noSender)
}

/** Deletes the sender account; refused while it is connected (the delete button is disabled then). */
export async function deleteSender(platform: Pick<Platform, 'database'>, tenantId: string): Promise<Result<undefined>> {
  const row = await readRow(platform, tenantId)
  if (!row) return err('not_found', SENDER_MESSAGES.noSender)
  if (row.is_connected) return err('conflict', SENDER_MESSAGES.disconnectFirst)
  await withTenant(platform.database, tenantId, (trx) => trx.deleteFrom('campaign_senders').where('id', '=', row.id).execute())
  return ok()
}

/** The From address and DKIM key of a tenant's mail: only once its sender is verified and connected. */
export async function readSigningSender(platform: Pick<Platform, 'database' | 'env'>, tenantId: string): Promise<{ from: string; dkim: MailDkim } | null> {
  const appSecret = platform.env.APP_SECRET
  if (!appSecret) return null
  const row = await readRow(platform, tenantId)
  if (!row || row.verification_status !== 'verified' || !row.is_connected) return null
  const privateKey = openSecret(appSecret, sealPurpose(tenantId), row.dkim_private_key_sealed)
  if (!privateKey) return null
  const name = row.from_name.replace(/["\\\r\n]/g, '')
  return { from: `"${name}" <${row.from_email}>`, dkim: { domainName: row.domain, keySelector: row.dkim_selector, privateKey } }
}
