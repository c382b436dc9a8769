/** Words the public form shows. The spec's own are marked; the rest are ours (docs/decisions/041). */
export const FORM_MESSAGES = {
  /** Spec 002 section 5 and 8. */
  nameRequired: 'First name and Last name required!',
  /** Spec 002 section 5 and 8. */
  signatureRequired: 'Signature is required!',
  /** Spec 002 section 5. */
  phoneRequired: 'Phone Number is required',
  emailRequired: 'Email is required!',
  emailInvalid: 'Please enter a valid email address!',
  invalidForm: 'Please correct the highlighted fields.',
  botCheckFailed: 'Verification failed. Please try again.',
  tooManySubmissions: 'Too many submissions from your connection. Please wait a few minutes and try again.',
  tooFast: 'That was quick! Please check your answers and submit again.',
  tooLarge: 'This submission is too large. Please shorten your answers or your signature and try again.',
  previewBlocked: 'This is a preview: the form cannot be submitted.',
} as const

export function requiredMessage(label: string): string {
  return `${label} is required!`
}

export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max} characters.`
}

export function notANumberMessage(label: string): string {
  return `${label} must be a number.`
}

export function notAnOptionMessage(label: string): string {
  return `Please choose one of the options for ${label}.`
}

export function invalidDateMessage(label: string): string {
  return `${label} must be a date.`
}

/** Spec 002 section 8, the success message of a registration. */
export const REGISTERED_MESSAGE = 'Successfully registered'

/** Spec 002 section 8, thank-you text. */
export function submittedMessage(formName: string): string {
  return `${formName} submitted successfully.`
}

/** Spec 002 section 4, download status texts. */
export const PDF_STATUS_MESSAGES = {
  IN_PROGRESS: 'Downloading is in progress, To Download click refresh button after few seconds...',
  ERROR: 'Downloading Failed, Download file have error...',
} as const
