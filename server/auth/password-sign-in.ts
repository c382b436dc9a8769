import { hashPassword, verifyPassword } from './password'
import type { LoginCandidate } from './login-candidates'

export type SignInOutcome =
  | { kind: 'signed-in'; candidate: LoginCandidate }
  /** Verified in several organisations: 'Select Org To Login.' */
  | { kind: 'choose-org'; candidates: LoginCandidate[] }
  /** The password was right but the account is suspended: no session. */
  | { kind: 'locked' }
  | { kind: 'failed' }

// Verifying against a real scrypt hash when nobody matched keeps the answer time the same,
// so response timing does not tell which emails have accounts.
let decoyHash: Promise<string> | null = null
const decoy = () => (decoyHash ??= hashPassword('decoy password that matches nothing'))

/** Checks a password against every candidate and says what the sign-in form does next. */
export async function verifyPasswordCandidates(candidates: LoginCandidate[], password: string): Promise<SignInOutcome> {
  if (candidates.length === 0) {
    await verifyPassword(password, await decoy())
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
