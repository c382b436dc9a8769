import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Platform } from '../platform'

/** The forms that guess-able secrets or mail floods go through. */
export type LimitedAction = 'login' | 'register' | 'forgot-password'

const WINDOW_SECONDS = 15 * 60
const ATTEMPTS_PER_IP = 10
const ATTEMPTS_PER_EMAIL = 5

export type LimitCheck = { allowed: true } | { allowed: false; retryAfterMinutes: number; message: string }

export interface AttemptKeys {
  ip: string
  /** Absent when the form carried no usable email. */
  email?: string | null
}

export interface AttemptLimiter {
  /** Refuses once the address or the email has used up its attempts in the window. */
  check(action: LimitedAction, keys: AttemptKeys): Promise<LimitCheck>
  /** Counts one attempt: a failed sign-in, or any registration or reset request. */
  record(action: LimitedAction, keys: AttemptKeys): Promise<void>
  /** A successful sign-in forgets that email's failures (its address keeps counting). */
  forgetEmail(action: LimitedAction, email: string): Promise<void>
  close(): Promise<void>
}

export function tooManyAttemptsMessage(minutes: number): string {
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
}

interface Pair {
  ip: RateLimiterAbstract
  email: RateLimiterAbstract
}

/**
 * Per-address and per-email attempt counters: in Redis when REDIS_URL is set (shared by
 * every server process), in memory otherwise. If Redis is unreachable the memory counters
 * stand in, so an outage neither locks everyone out nor lifts the limit.
 */
export function createAttemptLimiter(options: { redisUrl?: string; prefix?: string }): AttemptLimiter {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: true })
    : null
  redis?.on('error', () => undefined)
  const prefix = options.prefix ?? 'rl'
  const limiter = (name: string, points: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration: WINDOW_SECONDS })
    if (!redis) return memory
    return new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:${name}`,
      points,
      duration: WINDOW_SECONDS,
      insuranceLimiter: memory,
    })
  }
  const pairs = new Map<LimitedAction, Pair>()
  const pairFor = (action: LimitedAction): Pair => {
    let pair = pairs.get(action)
    if (!pair) {
      pair = { ip: limiter(`${action}:ip`, ATTEMPTS_PER_IP), email: limiter(`${action}:email`, ATTEMPTS_PER_EMAIL) }
      pairs.set(action, pair)
    }
    return pair
  }

  const waitOf = async (limit: RateLimiterAbstract, key: string, points: number): Promise<number> => {
    const state = await limit.get(key).catch(() => null)
    return state && state.consumedPoints >= points ? state.msBeforeNext : 0
  }

  return {
    async check(action, keys) {
      const pair = pairFor(action)
      const email = normaliseEmail(keys.email)
      const waits = await Promise.all([
        waitOf(pair.ip, keys.ip || 'unknown', ATTEMPTS_PER_IP),
        email ? waitOf(pair.email, email, ATTEMPTS_PER_EMAIL) : Promise.resolve(0),
      ])
      const wait = Math.max(...waits)
      if (wait <= 0) return { allowed: true }
      const minutes = Math.max(1, Math.ceil(wait / 60_000))
      return { allowed: false, retryAfterMinutes: minutes, message: tooManyAttemptsMessage(minutes) }
    },
    async record(action, keys) {
      const pair = pairFor(action)
      const email = normaliseEmail(keys.email)
      await Promise.all([
        consume(pair.ip, keys.ip || 'unknown'),
        email ? consume(pair.email, email) : Promise.resolve(),
      ])
    },
    async forgetEmail(action, email) {
      const key = normaliseEmail(email)
      if (key) await pairFor(action).email.delete(key).catch(() => false)
    },
    async close() {
      redis?.disconnect()
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

const limiters = new WeakMap<object, AttemptLimiter>()

/** The attempt limiter of a process (one per platform, made on first use). */
export function attemptLimiterFor(platform: Pick<Platform, 'env'>): AttemptLimiter {
  let limiter = limiters.get(platform)
  if (!limiter) {
    limiter = createAttemptLimiter({ redisUrl: platform.env.REDIS_URL })
    limiters.set(platform, limiter)
  }
  return limiter
}
