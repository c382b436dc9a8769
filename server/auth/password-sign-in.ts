import { DUMMY_PASSWORD_HASH, verifyPassword } from './password'
import type { LoginCandidate } from './login-candidates'

export type SignInOutcome =
  | { kind: 'signed-in'; candidate: LoginCandidate }
  /** Verified in several organisations: 'Select Org To Login.' */
  | { kind: 'choose-org'; candidates: LoginCandidate[] }
  /** The password was right but the account is suspended: no session. */
  | { kind: 'locked' }
  | { kind: 'failed' }

/** Checks a password against every candidate and says what the sign-in form does next. */
export async function verifyPasswordCandidates(candidates: LoginCandidate[], password: string): Promise<SignInOutcome> {
  // Nobody with this email: the same scrypt work as one account, so timing tells nothing.
  // (An account without a password gets it inside verifyPassword.)
  if (candidates.length === 0) {
    await verifyPassword(password, DUMMY_PASSWORD_HASH)
    return { kind: 'failed' }
  }
  const verified: LoginCandidate[] = []
  for (const candidate of candidates) {
    if (await verifyPassword(password, candidate.passwordHash)) verified.push(candidate)
  }
  return outcomeFor(verified)
}

/** From the people whose identity is proven (password or Google) to the next step. */
export function outcomeFor(verified: LoginCandidate[]): SignInOutcome {
  if (verified.length === 0) return { kind: 'failed' }
  const open = verified.filter((candidate) => !candidate.isAccountLocked)
  if (open.length === 0) return { kind: 'locked' }
  if (open.length === 1 && open[0]) return { kind: 'signed-in', candidate: open[0] }
  return { kind: 'choose-org', candidates: open }
}
