/** The sender wizard's steps (settings spec, Email campaign sender wizard). */
export type SenderWizardStep = 0 | 1 | 2 | 3

export type VerificationStatus = 'verified' | 'pending' | 'disconnect'

export interface SenderWizardState {
  fromName: string | null
  fromEmail: string | null
  hasDnsRecords: boolean
  verificationStatus: VerificationStatus | null
}

/**
 * The step the wizard opens on, in the spec's order: DNS records present and not verified
 * gives 2; verified gives 3; a stored sender name and email gives 1; otherwise 0.
 */
export function initialSenderStep(state: SenderWizardState): SenderWizardStep {
  if (state.hasDnsRecords && state.verificationStatus !== 'verified') return 2
  if (state.verificationStatus === 'verified') return 3
  if (state.fromName && state.fromEmail) return 1
  return 0
}
