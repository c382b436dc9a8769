import type { CacheTag } from '#server/cache/cache-tags'

/**
 * What taking money can change, and so what a sale, a payment or its settlement declares: the
 * invoice and its ledger, what the invoice gives (seats, memberships and their kept cards), and
 * the buyer's account balance.
 */
export const PAYMENT_CACHE_TAGS: readonly CacheTag[] = ['invoices', 'memberships', 'catalog', 'contacts']
