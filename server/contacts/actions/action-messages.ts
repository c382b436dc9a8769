/** What the contact actions say; the spec's own words where it has them (website spec 8). */
export const CONTACT_ACTION_MESSAGES = {
  noEmail: 'This contact has no email address. Add one to the profile first.',
  accountLocked: 'This account is suspended. Reinstate it on the Users screen first.',
  credentialsSent: (email: string) => `Login details sent to ${email}.`,
  passwordLinkSent: (email: string) => `A link to set a new password was sent to ${email}.`,
  noLoginYet: 'This contact has no login yet. Use Send credentials to create one.',
  resetSent: (email: string) => `Password reset email sent to ${email}.`,
  alreadyVerified: 'This email address is already verified.',
  verificationSent: 'Sent verification email',
  emailSent: (email: string) => `Email sent to ${email}.`,
  reportQueued: 'Preparing the activity report…',
  unknownAction: 'Choose one of the actions on this page.',
} as const
