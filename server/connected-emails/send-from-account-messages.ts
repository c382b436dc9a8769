/** What sending from a connected mailbox answers, besides the contact actions' own words. */
export const SEND_FROM_ACCOUNT_MESSAGES = {
  chooseAccount: 'Please choose the account to send from.',
  notSent: (provider: string) => `${provider} did not send the email. Please try again.`,
  sent: (to: string, from: string) => `Email sent to ${to} from ${from}.`,
} as const
