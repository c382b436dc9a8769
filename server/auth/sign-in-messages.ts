/** What the sign-in forms say. None of them tells whether an email has an account. */
export const LOGIN_FAILED_MESSAGE = 'We could not sign you in with that email and password. Check them and try again.'
export const ACCOUNT_LOCKED_MESSAGE = 'Your account is locked. Please contact the organisation to unlock it.'
export const ORG_CHOICE_EXPIRED_MESSAGE = 'That sign-in has expired. Please sign in again.'
/** An account many addresses have failed on: the bot check comes first (docs/decisions/050). */
export const LOGIN_BOT_CHECK_MESSAGE = 'This account has had many failed sign-ins, so we need one more check. Enter your password and login again.'
/** The bot check's form name, which its signed time stamp is bound to. */
export const LOGIN_BOT_CHECK_FORM = 'login'
/** The event the spec's login failure raises, kept as the log line. */
export const LOGIN_ERROR_EVENT = 'error occured by during login'

export const SELECT_ORG_DIALOG = {
  title: 'Select Org To Login.',
  message: 'We found you in multiple orgs',
  submitLabel: 'Submit',
  /** Submitted with no organisation chosen. */
  noChoice: 'Select the organisation to login to, then Submit.',
} as const

export const ACCOUNT_NOT_FOUND_DIALOG = {
  title: 'Account Not Found',
  /** The spec's text, its missing space after the full stop included. */
  message: (reason: string) => `Sorry, ${reason}.Please check your email or register for a new account.`,
} as const
