import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { CalendarFeedCard } from '#app/components/catalog/bookings/calendar-feed-card'
import { Notice } from '#app/components/catalog/bookings/class-signup'
import { StudentWeek } from '#app/components/catalog/bookings/student-week'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { Button, buttonClasses } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { StudentBoard } from '#app/components/noticeboard/student-board'
import { requireStudentArea } from '#app/utils/navigation.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { isStudentBoardIntent, loadStudentBoard, studentBoardAction } from '#app/utils/student-board.server'
import { cancelledMessage } from '#server/catalog/bookings/booking-rules'
import { calendarFeedIssuedAt, calendarFeedPath, issueCalendarFeedToken, revokeCalendarFeedToken } from '#server/catalog/bookings/calendar-feed'
import { cancelOwnBooking } from '#server/catalog/bookings/cancel-booking'
import { loadStudentClassesPage, studentWeekQuery } from '#server/catalog/bookings/student-classes-page'
import { dateInLanguage, longDateInLanguage } from '#server/dates/language-dates'
import { translateMessage } from '#server/i18n/translate-message'
import { PORTAL_MESSAGES } from '#server/portal/portal-messages'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Calendar')

/** The student Calendar (/classes): the week's classes with the student's bookings, Book and Cancel. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireStudentArea(request, context)
  const { tenant, user } = access
  const url = new URL(request.url)
  const now = new Date()
  const studentBoard = await loadStudentBoard(context, access, url.searchParams)
  const query = studentWeekQuery(url.searchParams, tenant, now)
  const page = await loadStudentClassesPage(context.platform.database, { tenant, contactId: user.contactId, query, now, language: context.language })
  const issuedAt = await calendarFeedIssuedAt(context.platform.database, { tenantId: tenant.id, contactId: user.contactId })
  const cancelId = url.searchParams.get('cancel')
  const cancelling = cancelId ? (page.upcoming.find((booking) => booking.bookingId === cancelId && booking.canCancel) ?? null) : null
  return {
    title: tFor(context.language, 'portal')('calendar'),
    heading: longDateInLanguage(now, tenant.settings.timezone, context.language),
    page,
    cutOffText: translateMessage(context.language, page.cutOffText),
    week: query.date,
    feedIssuedAtText: issuedAt ? dateInLanguage(issuedAt, tenant.settings, 'date', context.language) : null,
    cancelling,
    studentBoard,
  }
}

const actionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('cancel'), bookingId: z.string().max(100) }),
  z.object({ intent: z.literal('feed-create') }),
  z.object({ intent: z.literal('feed-revoke') }),
])

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireStudentArea(request, context)
  const { tenant, user } = access
  const url = new URL(request.url)
  const back = weekPath(url.searchParams.get('date'))
  const form = await request.formData()
  if (isStudentBoardIntent(form.get('intent'))) return studentBoardAction(context, access, form, '/classes')
  const parsed = actionSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return data({ feedUrl: null, error: translateMessage(context.language, PORTAL_MESSAGES.notUnderstood) }, { status: 400 })
  const now = new Date()
  const who = { tenantId: tenant.id, contactId: user.contactId, now }
  switch (parsed.data.intent) {
    case 'cancel': {
      const cancelled = await cancelOwnBooking(context.platform, { ...who, unverifiedBookingId: parsed.data.bookingId })
      if (!cancelled.ok) return redirectWithToast(back, { type: 'error', message: cancelled.message })
      return redirectWithToast(back, { type: 'success', message: cancelledMessage(cancelled.value) })
    }
    case 'feed-create': {
      const token = await issueCalendarFeedToken(context.platform.database, who)
      return data({ feedUrl: `${url.origin}${calendarFeedPath(token)}`, error: null })
    }
    case 'feed-revoke': {
      await revokeCalendarFeedToken(context.platform.database, who)
      return redirectWithToast(back, { type: 'success', message: PORTAL_MESSAGES.calendarLinkStopped })
    }
  }
}

function weekPath(date: string | null): string {
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `/classes?date=${date}` : '/classes'
}

export default function StudentCalendarRoute() {
  const { heading, page, cutOffText, week, feedIssuedAtText, cancelling, studentBoard } = useLoaderData<typeof loader>()
  const { t } = useTranslation('portal')
  const acted = useActionData<typeof action>()
  const navigation = useNavigation()
  const cancelHref = (bookingId: string) => `/classes?date=${week}&cancel=${bookingId}`
  return (
    <>
      <PageHeader title={t('calendar')} description={heading} />
      <StudentBoard loaded={studentBoard} refused={acted && 'board' in acted ? acted.board : null} path="/classes" />
      {acted && 'error' in acted && acted.error ? (
        <div className="mb-4">
          <Notice tone="error">{acted.error}</Notice>
        </div>
      ) : null}
      {cancelling ? (
        <section aria-labelledby="cancel-title" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5">
          <h2 id="cancel-title" className="text-base font-semibold text-slate-900">
            {t('cancelBookingTitle')}
          </h2>
          <p className="mt-1 text-sm text-slate-800">
            {cancelling.className}, <time dateTime={cancelling.startIso}>{cancelling.whenText}</time>.{' '}
            {cancelling.usedCredit
              ? cancelling.returnsCredit
                ? t('creditBack')
                : t('creditUsed', { cutOff: cutOffText })
              : null}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post" action={`/classes?date=${week}`}>
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="bookingId" value={cancelling.bookingId} />
              <Button type="submit" variant="danger" busy={navigation.state === 'submitting'}>
                {t('yesCancelBooking')}
              </Button>
            </Form>
            <Link to={`/classes?date=${week}`} className={buttonClasses({ variant: 'secondary' })} preventScrollReset>
              {t('keepBooking')}
            </Link>
          </div>
        </section>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <StudentWeek calendar={page.calendar} cancelHref={cancelHref} />
        <aside className="space-y-6" aria-label={t('bookingsAndPasses')}>
          <Card title={t('nextClasses')} padding="flush">
            {page.upcoming.length === 0 ? (
              <p className="px-5 py-4 text-sm text-slate-600">{t('noClassesBooked')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {page.upcoming.map((booking) => (
                  <li key={booking.bookingId} className="flex items-center justify-between gap-3 px-5 py-3 text-sm">
                    <div>
                      <p className="font-medium text-slate-900">{booking.className}</p>
                      <p className="text-xs text-slate-600">
                        <time dateTime={booking.startIso}>{booking.whenText}</time>
                      </p>
                      {booking.meetingUrl ? (
                        <a href={booking.meetingUrl} target="_blank" rel="noopener noreferrer" className="text-xs font-medium text-brand-text underline" data-meeting-url>
                          {t('joinMeeting')}<span className="sr-only">{t('joinMeetingFor', { name: booking.className })}</span>
                        </a>
                      ) : null}
                    </div>
                    {booking.canCancel ? (
                      <Link to={cancelHref(booking.bookingId)} className={buttonClasses({ variant: 'link', size: 'sm' })} aria-label={t('cancelNamed', { name: booking.className, when: booking.whenText })} preventScrollReset>
                        {t('cancel')}
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={t('yourPasses')}>
            {page.memberships.length === 0 ? (
              <p className="text-sm text-slate-600">{t('noPasses')}</p>
            ) : (
              <ul className="space-y-2 text-sm">
                {page.memberships.map((membership) => (
                  <li key={membership.id} className="flex justify-between gap-3">
                    <span className="font-medium text-slate-900">{membership.name}</span>
                    <span className="text-slate-700">{membership.creditsText ?? t('unlimitedClasses')}</span>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-3 text-xs text-slate-600">{t('cancelUpTo', { cutOff: cutOffText })}</p>
          </Card>
          <CalendarFeedCard issuedAtText={feedIssuedAtText} newFeedUrl={acted && 'feedUrl' in acted ? acted.feedUrl : null} />
        </aside>
      </div>
    </>
  )
}
