/**
 * What the student portal's own actions answer (toasts and refusals), in the spec's English;
 * the portal translates them where they are answered (server/i18n/translate-message.ts).
 */
export const PORTAL_MESSAGES = {
  notUnderstood: 'That request was not understood. Please try again.',
  calendarLinkStopped: 'Your calendar link has been stopped.',
  formNotRead: 'The form could not be read. Please try again.',
  chapterComplete: 'Chapter marked as complete.',
  enrolledAtCheckout: 'This course is enrolled through checkout.',
  profileUpdated: 'Profile updated successfully.',
  keptByMaster: 'Your profile is kept by your master organisation. Use Master View to change it.',
} as const
