import { err, ok, type Result } from '#server/errors/result'
import { DUMMY_PASSWORD_HASH, verifyPassword } from './password'
import type { LoginCandidate } from './login-candidates'

export type VerifiedSignIn =
  | { kind: 'signed-in'; candidate: LoginCandidate }
  /** Verified in several organisations: 'Select Org To Login.' */
  | { kind: 'choose-org'; candidates: LoginCandidate[] }

/**
 * The next step of a sign-in, or why there is none: unauthenticated (nobody verified) or
 * forbidden (the password was right but the account is suspended: no session). The words
 * are the sign-in's to choose.
 */
export type SignInOutcome = Result<VerifiedSignIn, 'unauthenticated' | 'forbidden'>

/** Checks a password against every candidate and says what the sign-in form does next. */
export async function verifyPasswordCandidates(candidates: LoginCandidate[], password: string): Promise<SignInOutcome> {
  // Nobody with this email: the same scrypt work as one account, so timing tells nothing.
  // (An account without a password gets it inside verifyPassword.)
  if (candidates.length === 0) {
    await verifyPassword(password, DUMMY_PASSWORD_HASH)
    return err('unauthenticated')
  }
  const verified: LoginCandidate[] = []
  for (const candidate of candidates) {
    if (await verifyPassword(password, candidate.passwordHash)) verified.push(candidate)
  }
  return outcomeFor(verified)
}

/** From the people whose identity is proven (password or Google) to the next step. */
export function outcomeFor(verified: LoginCandidate[]): SignInOutcome {
  if (verified.length === 0) return err('unauthenticated')
  const open = verified.filter((candidate) => !candidate.isAccountLocked)
  if (open.length === 0) return err('forbidden')
  if (open.length === 1 && open[0]) return ok({ kind: 'signed-in', candidate: open[0] })
  return ok({ kind: 'choose-org', candidates: open })
}
