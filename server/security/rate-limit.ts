import type { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { err, ok, type WordedResult } from '#server/errors/result'

/** The forms that guess-able secrets or mail floods go through. */
export type LimitedAction = 'login' | 'register' | 'forgot-password' | 'contact-email' | 'card-setup'

const WINDOW_SECONDS = 15 * 60

/**
 * What is counted, and where. Failed sign-ins (docs/decisions/050, after OWASP's
 * authentication cheat sheet): an address that guesses is stopped (10 failures, any emails),
 * and so is one address guessing one account (5 failures). Failures on one account from many
 * addresses never refuse the account: past 10 of them, a sign-in for it needs the bot check
 * too, so its owner still signs in from an address of their own with the right password.
 * Registrations and reset requests: per address and per email (a reset mails the owner, so
 * the per-email count stops a mail flood; it locks nobody out of signing in).
 */
type Counter = 'ip' | 'email' | 'pair' | 'account'
type Rule = { counter: Counter; points: number }

export const LOGIN_ATTEMPTS_PER_ADDRESS = 10
export const LOGIN_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS = 5
export const LOGIN_FAILURES_BEFORE_BOT_CHECK = 10

const RULES: Record<LimitedAction, { refuse: Rule[]; botCheck: Rule | null }> = {
  login: {
    refuse: [
      { counter: 'ip', points: LOGIN_ATTEMPTS_PER_ADDRESS },
      { counter: 'pair', points: LOGIN_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS },
    ],
    botCheck: { counter: 'account', points: LOGIN_FAILURES_BEFORE_BOT_CHECK },
  },
  register: {
    refuse: [
      { counter: 'ip', points: 10 },
      { counter: 'email', points: 5 },
    ],
    botCheck: null,
  },
  'forgot-password': {
    refuse: [
      { counter: 'ip', points: 10 },
      { counter: 'email', points: 5 },
    ],
    botCheck: null,
  },
  // Mail staff send to one contact from the profile (credentials, resets, verification links,
  // messages): a slip or a script cannot flood a person's mailbox or the studio's sender.
  'contact-email': {
    refuse: [
      { counter: 'ip', points: 60 },
      { counter: 'email', points: 10 },
    ],
    botCheck: null,
  },
  // Add a card (a SetupIntent or Stripe's setup page): saving cards without paying is how stolen
  // card numbers are tried, so a person and an address may start only a few in a window.
  'card-setup': {
    refuse: [
      { counter: 'ip', points: 20 },
      { counter: 'email', points: 5 },
    ],
    botCheck: null,
  },
}

/** Allowed (and whether the bot check comes first), or rate_limited with the wait in minutes and its words. */
export type LimitCheck = WordedResult<{ botCheckRequired: boolean }, 'rate_limited', { retryAfterMinutes: number }>

export interface AttemptKeys {
  /** The tenant whose form this is; null on the bare platform host. */
  tenantId: string | null
  ip: string
  /** Absent when the form carried no usable email. */
  email?: string | null
}

export interface AttemptLimiter {
  /** Refuses once a counter that refuses has used up its attempts in the window. */
  check(action: LimitedAction, keys: AttemptKeys): Promise<LimitCheck>
  /** Counts one attempt: a failed sign-in, or any registration or reset request. */
  record(action: LimitedAction, keys: AttemptKeys): Promise<void>
  /** A successful sign-in forgets this address's failures on this account. */
  forgetPair(action: LimitedAction, keys: AttemptKeys & { email: string }): Promise<void>
}

export function tooManyAttemptsMessage(minutes: number): string {
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
}

/**
 * The counters' key of one attempt: the tenant comes first, so counts on one studio's host say
 * nothing about another's; the deployment prefix is the limiter's key prefix.
 */
export function counterKey(counter: Counter, keys: AttemptKeys): string | null {
  const scope = keys.tenantId ?? 'platform'
  const ip = keys.ip || 'unknown'
  const email = normaliseEmail(keys.email)
  switch (counter) {
    case 'ip':
      return `${scope}|${ip}`
    case 'email':
    case 'account':
      return email ? `${scope}|${email}` : null
    case 'pair':
      return email ? `${scope}|${email}|${ip}` : null
  }
}

/**
 * Attempt counters: in Redis when the platform has a rate-limit connection (shared by every
 * server process), in memory otherwise. If Redis is unreachable the memory counters stand in,
 * so an outage neither locks everyone out nor lifts the limit. `prefix` names the deployment,
 * so deployments sharing one Redis never count each other's attempts. The connection belongs
 * to the composition root, which closes it.
 */
export function createAttemptLimiter(options: { redis: Redis | null; prefix: string }): AttemptLimiter {
  const { redis } = options
  const limiters = new Map<string, RateLimiterAbstract>()
  const limiterFor = (action: LimitedAction, rule: Rule): RateLimiterAbstract => {
    const keyPrefix = `${options.prefix}:rl:${action}:${rule.counter}`
    let limiter = limiters.get(keyPrefix)
    if (!limiter) {
      const memory = new RateLimiterMemory({ keyPrefix, points: rule.points, duration: WINDOW_SECONDS })
      limiter = redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points: rule.points, duration: WINDOW_SECONDS, insuranceLimiter: memory })
        : memory
      limiters.set(keyPrefix, limiter)
    }
    return limiter
  }

  const waitOf = async (action: LimitedAction, rule: Rule, keys: AttemptKeys): Promise<number> => {
    const key = counterKey(rule.counter, keys)
    if (!key) return 0
    const state = await limiterFor(action, rule).get(key).catch(() => null)
    return state && state.consumedPoints >= rule.points ? state.msBeforeNext : 0
  }

  return {
    async check(action, keys) {
      const rules = RULES[action]
      const waits = await Promise.all(rules.refuse.map((rule) => waitOf(action, rule, keys)))
      const wait = Math.max(0, ...waits)
      if (wait > 0) {
        const minutes = Math.max(1, Math.ceil(wait / 60_000))
        return err('rate_limited', tooManyAttemptsMessage(minutes), { retryAfterMinutes: minutes })
      }
      const botCheckRequired = rules.botCheck ? (await waitOf(action, rules.botCheck, keys)) > 0 : false
      return ok({ botCheckRequired })
    },
    async record(action, keys) {
      const rules = RULES[action]
      const counted = rules.botCheck ? [...rules.refuse, rules.botCheck] : rules.refuse
      await Promise.all(
        counted.map((rule) => {
          const key = counterKey(rule.counter, keys)
          return key ? consume(limiterFor(action, rule), key) : Promise.resolve()
        }),
      )
    },
    async forgetPair(action, keys) {
      const rule = RULES[action].refuse.find((entry) => entry.counter === 'pair')
      const key = counterKey('pair', keys)
      if (rule && key) await limiterFor(action, rule).delete(key).catch(() => false)
    },
  }
}

// Running out of points is the expected outcome here, not an error: `check` reports it.
async function consume(limit: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limit.consume(key)
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error
  }
}

function normaliseEmail(email: string | null | undefined): string | null {
  const value = email?.trim().toLowerCase()
  return value ? value.slice(0, 320) : null
}
