import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { SignupSummaryCard, StudentSignupActions, VisitorSignupActions } from '#app/components/catalog/bookings/class-signup'
import { StudentShell } from '#app/components/layout/student-shell'
import { PublicLayout } from '#app/components/public-layout'
import { getSessionUser } from '#app/utils/auth.server'
import { loadPublicPage, requireStudentArea, signedInShellFor } from '#app/utils/navigation.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { bookClass } from '#server/catalog/bookings/book-class'
import { BOOKING_MESSAGES, bookedMessage } from '#server/catalog/bookings/booking-rules'
import { translateMessage } from '#server/i18n/translate-message'
import { tFor } from '#server/i18n/server-translator'
import type { Language } from '#server/i18n/languages'
import { findClassOccurrence, type FoundOccurrence } from '#server/catalog/bookings/find-class-occurrence'
import { signupSummaryOf, studentSignupOffer } from '#server/catalog/bookings/signup-page'
import { dateInputValue } from '#server/dates/local-time'
import { notFound } from '#server/errors/responses'
import { isModuleOn } from '#server/shell/modules'
import { takesCardPayments } from '#server/payments/card-payments'
import { isStaffRole } from '#server/shell/roles'
import type { AppLoadContext } from '@remix-run/node'
import type { I18nHandle } from '#app/utils/i18n'
import { notFoundTitle } from '#app/components/layout/page-title'

/** Continue to checkout posts through Remix and lands on the checkout in the browser: its words come with this page, so it draws whole at once. */
export const handle: I18nHandle = { i18n: ['checkout', 'portal'] }

/**
 * /signup/{classId}/{clsStartTime}?scheduleId=...: class sign-up (spec 000). A visitor is asked
 * to sign in or register and comes back here (the pending event parameters ride along as the
 * sign-in's redirectTo); a student books at once when the class is free or a membership pays,
 * and otherwise continues to checkout. 404 while the schedule module is off, and for anything
 * the tenant's schedule does not give.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenant, found } = await requireOccurrence(context, params)
  const user = await getSessionUser(request, context)
  const summary = signupSummaryOf(tenant, found, context.language)
  if (user && isStaffRole(user.role) && !user.isPreviewMode && !user.isStudentPreview) throw redirect('/calendar')
  if (!user || user.isPreviewMode) {
    const loaded = await loadPublicPage(context, { tenant, user, pageName: null })
    return data({ kind: 'visitor' as const, summary, title: signupTitle(context.language, summary.className), public: { shell: loaded.shell }, student: null })
  }
  const access = await requireStudentArea(request, context)
  const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'student' })
  const takesCards = await takesCardPayments(context.platform, tenant.id)
  const offer = await studentSignupOffer(context.platform.database, { tenantId: tenant.id, contactId: access.user.contactId, found, now: new Date(), takesCards, language: context.language })
  return data({ kind: 'student' as const, summary, title: signupTitle(context.language, summary.className), public: null, student: { ...shell, offer } }, { headers })
}

const intentSchema = z.object({ intent: z.literal('book') })

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenant, found } = await requireOccurrence(context, params)
  const access = await requireStudentArea(request, context)
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ error: translateMessage(context.language, BOOKING_MESSAGES.chooseBook) }, { status: 400 })
  const now = new Date()
  const booked = await bookClass(context.platform, { tenantId: tenant.id, contactId: access.user.contactId, found, now })
  if (!booked.ok) return data({ error: translateMessage(context.language, booked.message) }, { status: 409 })
  const week = dateInputValue(found.occurrence.start, tenant.settings.timezone)
  return redirectWithToast(`/classes?date=${week}`, { type: 'success', message: bookedMessage(found.item.name) })
}

async function requireOccurrence(context: AppLoadContext, params: Record<string, string | undefined>): Promise<{ tenant: ReturnType<typeof requireTenant>; found: FoundOccurrence }> {
  const tenant = requireTenant(context)
  if (!isModuleOn(tenant.settings, 'schedule')) throw notFound()
  const found = await findClassOccurrence(context.platform.database, tenant.id, { classId: params.classId ?? '', clsStartTime: params.clsStartTime ?? '' })
  if (!found) throw notFound()
  return { tenant, found }
}

function signupTitle(language: Language, className: string): string {
  return tFor(language, 'portal')('signupTitle', { name: className })
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: loaded ? loaded.title : notFoundTitle(matches) },
  { name: 'robots', content: 'noindex' },
]

export default function ClassSignupRoute() {
  const loaded = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  if (loaded.kind === 'student' && loaded.student) {
    const { shell, toast, session, offer } = loaded.student
    return (
      <StudentShell shell={shell} toast={toast} session={session}>
        <SignupSummaryCard summary={loaded.summary}>
          <StudentSignupActions offer={offer} summary={loaded.summary} error={acted?.error ?? null} />
        </SignupSummaryCard>
      </StudentShell>
    )
  }
  if (!loaded.public) return null
  return (
    <PublicLayout shell={loaded.public.shell}>
      <SignupSummaryCard summary={loaded.summary}>
        <VisitorSignupActions signupPath={loaded.summary.signupPath} />
      </SignupSummaryCard>
    </PublicLayout>
  )
}
