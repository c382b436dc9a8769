import { z } from 'zod'
import { parseEmailProvider, type EmailProvider } from './email-providers'

/** The page, and the redirect URI the provider sends the browser back to. */
export const EMAIL_OAUTH_PATH = '/settings/integrations/emails'
/** The cookie that keeps a pending connection (see email-oauth.ts). */
export const EMAIL_OAUTH_COOKIE = 'connect_email_oauth'

/**
 * The connect dialog's sections (settings spec: information, submitEmail, emailIdentified,
 * emailIdentifiedAndConfirmed, and the 'other' branch shown inside submitEmail). Each is an
 * address (`?step=...`), so the dialog works as plain pages without JavaScript.
 */
export const CONNECT_STEPS = ['information', 'submitEmail', 'emailIdentified', 'emailIdentifiedAndConfirmed'] as const
export type ConnectStep = (typeof CONNECT_STEPS)[number]

export type ConnectDialogState =
  | { step: 'information' }
  | { step: 'submitEmail'; email: string; isShared: boolean }
  | { step: 'emailIdentified' | 'emailIdentifiedAndConfirmed'; email: string; isShared: boolean; provider: EmailProvider }

const address = z.string().trim().toLowerCase().email().max(254)

/** The dialog the address asks for; null when it is closed. A step missing what it needs falls back to submitEmail. */
export function connectDialogState(params: URLSearchParams): ConnectDialogState | null {
  const step = params.get('step')
  if (step === null || !(CONNECT_STEPS as readonly string[]).includes(step)) return null
  if (step === 'information') return { step }
  const parsedEmail = address.safeParse(params.get('email') ?? '')
  const email = parsedEmail.success ? parsedEmail.data : ''
  const isShared = params.get('share') === '1'
  if (step === 'submitEmail') return { step, email: params.get('email')?.slice(0, 254) ?? '', isShared }
  const provider = parseEmailProvider(params.get('provider'))
  if (!provider || !email) return { step: 'submitEmail', email, isShared }
  return { step: step as 'emailIdentified' | 'emailIdentifiedAndConfirmed', email, isShared, provider }
}

/** The address of one step. */
export function connectStepHref(state: ConnectDialogState): string {
  const params = new URLSearchParams({ step: state.step })
  if (state.step !== 'information') {
    if (state.email) params.set('email', state.email)
    if (state.isShared) params.set('share', '1')
    if (state.step !== 'submitEmail') params.set('provider', state.provider)
  }
  return `${EMAIL_OAUTH_PATH}?${params}`
}

/** Continue: the page's own address that sends the browser on to the provider. */
export function continueHref(state: { email: string; isShared: boolean }): string {
  const params = new URLSearchParams({ connect: '1', email: state.email })
  if (state.isShared) params.set('share', '1')
  return `${EMAIL_OAUTH_PATH}?${params}`
}
