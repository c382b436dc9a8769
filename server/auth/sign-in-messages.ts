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

/** The spec's words of the organisation choice; the dialog draws them from the auth namespace, the same in English. */
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

/** What /login answers besides the sign-in's own refusals. */
export const LOGIN_PAGE_MESSAGES = {
  notSignedIn: 'We could not sign you in.',
  signInAgain: 'Please sign in again.',
  checkForm: 'Check the form and try again.',
} as const

/** The platform host's organisation picker (the empty path without a tenant). */
export const FIND_ORGANISATION_MESSAGES = {
  orgIdRequired: 'Enter your organisation id.',
  orgIdTooLong: 'That organisation id is too long.',
  unknownOrg: 'We could not find that organisation. Check the id and try again.',
} as const

/** Why a Google sign-in found nobody: the reason inside 'Sorry, ….Please check your email…'. */
export const GOOGLE_SIGN_IN_REASONS = {
  notCompleted: 'your Google sign-in did not complete',
  noAccount: (email: string) => `we could not find an account for ${email}`,
  thatEmail: 'that email',
  noDetails: 'Google did not share your account details',
  noEmail: 'Google did not share an email address',
  unverified: 'your Google email address is not verified',
} as const
