import { err, ok, type WordedResult } from '#server/errors/result'
import { checkBot } from '#server/forms/bot-check'
import { issueFormStamp } from '#server/forms/fill-time'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { landingAfterLogin } from './landing-after-login'
import { findCandidatesAcrossOrganisations, findCandidatesInTenant, type LoginCandidate } from './login-candidates'
import { readOrgSelectTicket, signOrgSelectTicket } from './org-select-ticket'
import { outcomeFor, verifyPasswordCandidates, type SignInOutcome } from './password-sign-in'
import {
  ACCOUNT_LOCKED_MESSAGE,
  LOGIN_BOT_CHECK_FORM,
  LOGIN_BOT_CHECK_MESSAGE,
  LOGIN_ERROR_EVENT,
  LOGIN_FAILED_MESSAGE,
  ORG_CHOICE_EXPIRED_MESSAGE,
} from './sign-in-messages'
import { startSession, type StartedSession } from './start-session'

type SignInPlatform = Pick<Platform, 'database' | 'env' | 'tenants' | 'logger' | 'attemptLimiter' | 'submissionGuard' | 'caches'>

export interface OrgChoice {
  tenantId: string
  orgId: string
  name: string
}

export interface RequestFacts {
  ip: string
  userAgent: string | null
  /** The session token the browser came with, ended by signing in. */
  previousToken: string | null
}

export type SignedIn = { kind: 'signed-in'; session: StartedSession; tenant: Tenant; landing: string; rememberMe: boolean }
export type ChooseOrganisation = { kind: 'choose-org'; ticket: string; orgs: OrgChoice[] }

/** What a refused sign-in brings besides its words. */
export interface SignInRefusal {
  /** The form must come back with the bot check, this stamp in it. */
  botCheck?: { stamp: string }
  /** Google: nobody with this (verified) email may sign in here (with `not_found`). */
  email?: string
}

export type SignInErrorCode = 'rate_limited' | 'unauthenticated' | 'forbidden' | 'not_found' | 'invalid_input'

/**
 * Two ways to go on (signed in, or 'Select Org To Login.'), or refused: rate_limited, the bot
 * check first (forbidden, with `details.botCheck`), wrong credentials or an expired choice
 * (unauthenticated), a locked account (forbidden), nobody with a Google email (not_found).
 */
export type SignInResult = WordedResult<SignedIn | ChooseOrganisation, SignInErrorCode, SignInRefusal>

export function refusedSignIn(error: SignInErrorCode, message: string, details: SignInRefusal = {}): SignInResult {
  return err(error, message, details)
}

/** The bot check's fields as posted with the sign-in form (rToken, formStartedAt, website). */
export type PostedBotCheck = Readonly<Record<string, string>>

/**
 * The password sign-in of /login: on a tenant host into that tenant, on the bare platform
 * host into whichever organisations the email and password match (asking which one when
 * several do). Rate limited per address and per account and address; an account that many
 * addresses are failing on asks for the bot check before any password is tried
 * (docs/decisions/050).
 */
export async function signInWithPassword(
  platform: SignInPlatform,
  input: {
    hostTenant: Tenant | null
    email: string
    password: string
    rememberMe: boolean
    redirectTo: string | null
    botCheck?: PostedBotCheck
  } & RequestFacts,
): Promise<SignInResult> {
  const limiter = platform.attemptLimiter
  const keys = { tenantId: input.hostTenant?.id ?? null, ip: input.ip, email: input.email }
  const allowed = await limiter.check('login', keys)
  if (!allowed.ok) return refusedSignIn('rate_limited', allowed.message)
  if (allowed.value.botCheckRequired) {
    const bot = await checkBot(platform, {
      tenantId: keys.tenantId ?? 'platform',
      formId: LOGIN_BOT_CHECK_FORM,
      ip: input.ip,
      posted: input.botCheck ?? {},
    })
    if (!bot.ok) {
      return refusedSignIn('forbidden', input.botCheck?.rToken || input.botCheck?.formStartedAt ? bot.message : LOGIN_BOT_CHECK_MESSAGE, {
        botCheck: { stamp: issueFormStamp(platform.env, LOGIN_BOT_CHECK_FORM) },
      })
    }
  }

  const candidates = input.hostTenant
    ? await findCandidatesInTenant(platform, input.hostTenant, input.email)
    : await findCandidatesAcrossOrganisations(platform, input.email)
  const outcome = await verifyPasswordCandidates(candidates, input.password)
  if (!outcome.ok && outcome.error === 'unauthenticated') {
    await limiter.record('login', keys)
    platform.logger.info({ orgId: input.hostTenant?.orgId ?? null, ip: input.ip }, LOGIN_ERROR_EVENT)
    return refusedSignIn('unauthenticated', LOGIN_FAILED_MESSAGE)
  }
  await limiter.forgetPair('login', { ...keys, email: input.email })
  return continueSignIn(platform, outcome, { ...input, method: 'password' })
}

/** Google sign-in with an email the provider has verified. */
export async function signInWithVerifiedEmail(
  platform: SignInPlatform,
  input: { hostTenant: Tenant | null; email: string; redirectTo: string | null } & RequestFacts,
): Promise<SignInResult> {
  const candidates = input.hostTenant
    ? await findCandidatesInTenant(platform, input.hostTenant, input.email)
    : await findCandidatesAcrossOrganisations(platform, input.email)
  if (candidates.length === 0) return refusedSignIn('not_found', LOGIN_FAILED_MESSAGE, { email: input.email })
  return continueSignIn(platform, outcomeFor(candidates), { ...input, rememberMe: false, method: 'google' })
}

/** The 'Select Org To Login.' answer: the ticket proves the earlier step, the choice picks one. */
export async function signInToChosenOrganisation(
  platform: SignInPlatform,
  input: { hostTenant: Tenant | null; ticket: string; unverifiedTenantId: string } & RequestFacts,
): Promise<SignInResult> {
  const ticket = readOrgSelectTicket(platform.env.APP_SECRET, input.ticket)
  if (!ticket) return refusedSignIn('unauthenticated', ORG_CHOICE_EXPIRED_MESSAGE)
  const choice = ticket.choices.find((entry) => entry.tenantId === input.unverifiedTenantId)
  // A tenant host only ever signs into itself.
  if (!choice || (input.hostTenant && input.hostTenant.id !== choice.tenantId)) {
    return refusedSignIn('unauthenticated', ORG_CHOICE_EXPIRED_MESSAGE)
  }
  return openSession(platform, {
    tenantId: choice.tenantId,
    contactId: choice.contactId,
    method: ticket.method,
    rememberMe: ticket.rememberMe,
    redirectTo: ticket.redirectTo,
    ip: input.ip,
    userAgent: input.userAgent,
    previousToken: input.previousToken,
  })
}

/**
 * 'Select Org To Login.' submitted without a choice (a browser without JavaScript that skips
 * the required radios, or a hand-made post): the same choice again, with the ticket's
 * organisations, so the person picks one instead of starting over.
 */
export async function orgChoiceAgain(
  platform: SignInPlatform,
  input: { hostTenant: Tenant | null; ticket: unknown },
): Promise<WordedResult<ChooseOrganisation, 'unauthenticated'>> {
  const ticket = readOrgSelectTicket(platform.env.APP_SECRET, input.ticket)
  if (!ticket || typeof input.ticket !== 'string') return err('unauthenticated', ORG_CHOICE_EXPIRED_MESSAGE)
  const orgs: OrgChoice[] = []
  for (const choice of ticket.choices) {
    if (input.hostTenant && input.hostTenant.id !== choice.tenantId) continue
    const tenant = await platform.tenants.findById(choice.tenantId)
    if (tenant && !orgs.some((org) => org.tenantId === tenant.id)) orgs.push({ tenantId: tenant.id, orgId: tenant.orgId, name: tenant.name })
  }
  if (orgs.length === 0) return err('unauthenticated', ORG_CHOICE_EXPIRED_MESSAGE)
  return ok({ kind: 'choose-org', ticket: input.ticket, orgs })
}

async function continueSignIn(
  platform: SignInPlatform,
  outcome: SignInOutcome,
  input: { rememberMe: boolean; redirectTo: string | null; method: 'password' | 'google' } & RequestFacts,
): Promise<SignInResult> {
  if (!outcome.ok) {
    return outcome.error === 'forbidden' ? refusedSignIn('forbidden', ACCOUNT_LOCKED_MESSAGE) : refusedSignIn('unauthenticated', LOGIN_FAILED_MESSAGE)
  }
  const next = outcome.value
  switch (next.kind) {
    case 'choose-org':
      return ok({
        kind: 'choose-org',
        ticket: signOrgSelectTicket(platform.env.APP_SECRET, {
          choices: next.candidates.map((candidate) => ({ tenantId: candidate.tenantId, contactId: candidate.contactId })),
          method: input.method,
          rememberMe: input.rememberMe,
          redirectTo: input.redirectTo,
        }),
        orgs: organisationsOf(next.candidates),
      })
    case 'signed-in':
      return openSession(platform, {
        tenantId: next.candidate.tenantId,
        contactId: next.candidate.contactId,
        method: input.method,
        rememberMe: input.rememberMe,
        redirectTo: input.redirectTo,
        ip: input.ip,
        userAgent: input.userAgent,
        previousToken: input.previousToken,
      })
  }
}

async function openSession(
  platform: SignInPlatform,
  input: {
    tenantId: string
    contactId: string
    method: 'password' | 'google'
    rememberMe: boolean
    redirectTo: string | null
  } & RequestFacts,
): Promise<SignInResult> {
  const tenant = await platform.tenants.findById(input.tenantId)
  if (!tenant) return refusedSignIn('unauthenticated', LOGIN_FAILED_MESSAGE)
  const session = await startSession(platform, {
    tenantId: tenant.id,
    contactId: input.contactId,
    method: input.method,
    rememberMe: input.rememberMe,
    ip: input.ip,
    userAgent: input.userAgent,
    previousToken: input.previousToken,
  })
  if (!session) return refusedSignIn('forbidden', ACCOUNT_LOCKED_MESSAGE)
  const landing = await landingAfterLogin(platform, tenant, session.role, input.redirectTo)
  return ok({ kind: 'signed-in', session, tenant, landing, rememberMe: input.rememberMe })
}

function organisationsOf(candidates: LoginCandidate[]): OrgChoice[] {
  const seen = new Map<string, OrgChoice>()
  for (const candidate of candidates) {
    seen.set(candidate.tenantId, { tenantId: candidate.tenantId, orgId: candidate.orgId, name: candidate.orgName })
  }
  return [...seen.values()]
}
