/** Toasts the settings routes answer with themselves (no domain function words them). */
export const SCREEN_ROUTE_MESSAGES = {
  domainCheckedAgain: 'The domain will be checked again now.',
  apiKeyGenerated: 'A new API key was generated.',
} as const
