import { PLAN_MESSAGES } from './plan-catalogue'

/** The SQLSTATE the contacts trigger raises past a plan's limit (migration 2026-12-03T07-00-00_contact-counts). */
const CONTACT_LIMIT_STATE = 'PLN01'

/**
 * The words for a contact refused by the plan's limit, or null when the error is something else
 * (to be thrown on). The database holds the limit, so every way a contact is added (staff,
 * import, forms, checkout, sign-up) is refused the same way; callers only turn it into words.
 */
export function contactLimitMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null
  const { code, detail } = error as { code?: unknown; detail?: unknown }
  if (code !== CONTACT_LIMIT_STATE) return null
  const limit = Number(detail)
  return PLAN_MESSAGES.contactLimit(Number.isFinite(limit) ? limit : 0)
}

