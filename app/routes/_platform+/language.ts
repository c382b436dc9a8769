import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { sessionOfRequest } from '#server/auth/request-session'
import { languageCookie } from '#server/i18n/language-cookie'
import { LANGUAGES } from '#server/i18n/languages'
import { saveContactLanguage } from '#server/profile/contact-language'
import { safeRedirectPath } from '#server/auth/safe-redirect'

/** Sign-in pages are no place to land after signing in, but a language switch on one goes back there. */
const SIGN_IN_PAGES: ReadonlySet<string> = new Set(['/login', '/register', '/forgot-password'])

function backTo(wanted: string | undefined): string {
  if (wanted && SIGN_IN_PAGES.has(wanted)) return wanted
  return safeRedirectPath(wanted) ?? '/'
}

const choiceSchema = z.object({ language: z.enum(LANGUAGES), returnTo: z.string().max(2000).optional() })

/**
 * The language switcher's post: keeps the choice in a cookie and goes back to the page it
 * came from, drawn in the new language. A plain form post, so it works without JavaScript.
 * A signed-in person's choice is kept on their profile too, so their other browsers follow;
 * not while staff preview a student (the choice is the staff member's, not the student's) nor
 * in franchise mode (the person lives in the master organisation).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const posted = choiceSchema.safeParse(Object.fromEntries(await request.formData()))
  const back = backTo(posted.success ? posted.data.returnTo : undefined)
  if (!posted.success) return redirect(back, 303)
  const { user } = await sessionOfRequest(context, request.method, request.headers.get('Cookie'))
  if (user && context.tenant && !user.previewedByContactId && !user.isFranchiseMode && user.language !== posted.data.language) {
    await saveContactLanguage(context.platform, context.tenant, user.contactId, posted.data.language)
  }
  return redirect(back, { status: 303, headers: { 'Set-Cookie': languageCookie(posted.data.language, context.platform.env.isProduction) } })
}

export function loader() {
  return redirect('/', 303)
}
