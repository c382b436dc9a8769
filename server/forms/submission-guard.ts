import type { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { ALTCHA_TTL_MS } from '#server/security/altcha'

/** Posts without JavaScript (no proof of work) allowed per address and tenant in the window. */
export const NO_SCRIPT_POSTS_PER_WINDOW = 30
export const NO_SCRIPT_WINDOW_SECONDS = 10 * 60

export interface SubmissionGuard {
  /** True the first time a solved challenge is used, false for any replay of it. */
  claimChallenge(signature: string): Promise<boolean>
  /** Counts one post without proof of work; false once the address has used up its window. */
  allowNoScriptPost(tenantId: string, ip: string): Promise<boolean>
}

/**
 * Counters for the public form's bot check: in Redis when the platform has a rate-limit
 * connection (shared by every server process), in memory otherwise, with the memory counters
 * standing in during a Redis outage (the same arrangement as the sign-in limits in
 * server/security/rate-limit.ts). The connection belongs to the composition root.
 */
export function createSubmissionGuard(options: { redis: Redis | null; prefix?: string }): SubmissionGuard {
  const { redis } = options
  const prefix = options.prefix ?? 'forms'
  const limiter = (name: string, points: number, duration: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration })
    if (!redis) return memory
    return new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:${name}`, points, duration, insuranceLimiter: memory })
  }
  const challenges = limiter('altcha-used', 1, Math.ceil(ALTCHA_TTL_MS / 1000) + 60)
  const noScript = limiter('noscript-ip', NO_SCRIPT_POSTS_PER_WINDOW, NO_SCRIPT_WINDOW_SECONDS)

  return {
    claimChallenge: (signature) => consume(challenges, signature),
    allowNoScriptPost: (tenantId, ip) => consume(noScript, `${tenantId}:${ip || 'unknown'}`),
  }
}

async function consume(limit: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limit.consume(key)
    return true
  } catch (error) {
    if (error instanceof RateLimiterRes) return false
    throw error
  }
}
