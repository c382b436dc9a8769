/**
 * The words of a contact's activity log entries. An entry is kept as written (in English, with
 * the names it had then); the timeline shows it in the reader's language by these patterns
 * (server/i18n/locales/tr/messages/contacts.json), so each writer takes its words from here.
 */
export const ACTIVITY_LINES = {
  formSubmitted: (formName: string) => `Submitted the form '${formName}'.`,
  noteAdded: (author: string) => `Note added by ${author}`,
  tagAdded: (tagName: string) => `Tag "${tagName}" added`,
  linkedAsGuardian: (guardianName: string) => `${guardianName} linked as guardian`,
  linkedAsMother: (guardianName: string) => `${guardianName} linked as mother`,
  linkedAsFather: (guardianName: string) => `${guardianName} linked as father`,
  guardianOf: (childName: string) => `Linked as guardian of ${childName}`,
  motherOf: (childName: string) => `Linked as mother of ${childName}`,
  fatherOf: (childName: string) => `Linked as father of ${childName}`,
  emailSent: (subject: string) => `Email sent: ${subject}`,
  verificationSent: (email: string) => `Verification email sent to ${email}`,
  passwordResetSent: (email: string) => `Password reset link sent to ${email}`,
  credentialsSent: (email: string) => `Login details sent to ${email}`,
  emailVerified: (email: string) => `Email address ${email} verified`,
} as const

/** The two entries a guardian link writes: on the child's log, and on the guardian's. */
export function guardianLinkLines(relation: 'guardian' | 'mother' | 'father', guardianName: string, childName: string): { child: string; guardian: string } {
  switch (relation) {
    case 'guardian':
      return { child: ACTIVITY_LINES.linkedAsGuardian(guardianName), guardian: ACTIVITY_LINES.guardianOf(childName) }
    case 'mother':
      return { child: ACTIVITY_LINES.linkedAsMother(guardianName), guardian: ACTIVITY_LINES.motherOf(childName) }
    case 'father':
      return { child: ACTIVITY_LINES.linkedAsFather(guardianName), guardian: ACTIVITY_LINES.fatherOf(childName) }
  }
}
