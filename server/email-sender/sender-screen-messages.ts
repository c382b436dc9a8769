/** What the email campaign sender screen says after a press (its toasts and refusals), in English. */
export const SENDER_SCREEN_MESSAGES = {
  nothingChanged: 'Nothing was changed.',
  notSaved: 'The sender could not be saved.',
  updated: 'Domain updated successfully',
  verified: 'Domain verified.',
  reconnectFailed: 'Failed to reconnect domain.',
  disconnectFailed: 'Failed to disconnect domain.',
  reconnected: 'Domain reconnected.',
  disconnected: 'Domain disconnected.',
  deleteFailed: 'Failed to delete account.',
  deleted: 'Account deleted.',
} as const
