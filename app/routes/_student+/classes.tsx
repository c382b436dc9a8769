import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
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
import { formatInZone } from '#server/dates/tenant-dates'
import { calendarHeading } from '#server/navigation/calendar-heading'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Calendar')

/** The student Calendar (/classes): the week's classes with the student's bookings, Book and Cancel. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireStudentArea(request, context)
  const { tenant, user } = access
  const url = new URL(request.url)
  const now = new Date()
  const studentBoard = await loadStudentBoard(context, access, url.searchParams)
  const query = studentWeekQuery(url.searchParams, tenant, now)
  const page = await loadStudentClassesPage(context.platform.database, { tenant, contactId: user.contactId, query, now })
  const issuedAt = await calendarFeedIssuedAt(context.platform.database, { tenantId: tenant.id, contactId: user.contactId })
  const cancelId = url.searchParams.get('cancel')
  const cancelling = cancelId ? (page.upcoming.find((booking) => booking.bookingId === cancelId && booking.canCancel) ?? null) : null
  return {
    heading: calendarHeading(now, tenant.settings.timezone),
    page,
    week: query.date,
    feedIssuedAtText: issuedAt ? formatInZone(issuedAt, tenant.settings, 'date') : null,
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
  if (!parsed.success) return data({ feedUrl: null, error: 'That request was not understood. Please try again.' }, { status: 400 })
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
      return redirectWithToast(back, { type: 'success', message: 'Your calendar link has been stopped.' })
    }
  }
}

function weekPath(date: string | null): string {
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `/classes?date=${date}` : '/classes'
}

export default function StudentCalendarRoute() {
  const { heading, page, week, feedIssuedAtText, cancelling, studentBoard } = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  const navigation = useNavigation()
  const cancelHref = (bookingId: string) => `/classes?date=${week}&cancel=${bookingId}`
  return (
    <>
      <PageHeader title="Calendar" description={heading} />
      <StudentBoard loaded={studentBoard} refused={acted && 'board' in acted ? acted.board : null} path="/classes" />
      {acted && 'error' in acted && acted.error ? (
        <div className="mb-4">
          <Notice tone="error">{acted.error}</Notice>
        </div>
      ) : null}
      {cancelling ? (
        <section aria-labelledby="cancel-title" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5">
          <h2 id="cancel-title" className="text-base font-semibold text-slate-900">
            Cancel your booking?
          </h2>
          <p className="mt-1 text-sm text-slate-800">
            {cancelling.className}, <time dateTime={cancelling.startIso}>{cancelling.whenText}</time>.{' '}
            {cancelling.usedCredit
              ? cancelling.returnsCredit
                ? 'The credit goes back on your class card.'
                : `It is less than ${page.cutOffText} before the class, so the credit is used.`
              : null}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post" action={`/classes?date=${week}`}>
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="bookingId" value={cancelling.bookingId} />
              <Button type="submit" variant="danger" busy={navigation.state === 'submitting'}>
                Yes, cancel booking
              </Button>
            </Form>
            <Link to={`/classes?date=${week}`} className={buttonClasses({ variant: 'secondary' })} preventScrollReset>
              Keep my booking
            </Link>
          </div>
        </section>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <StudentWeek calendar={page.calendar} cancelHref={cancelHref} />
        <aside className="space-y-6" aria-label="Your bookings and passes">
          <Card title="Your next classes" padding="flush">
            {page.upcoming.length === 0 ? (
              <p className="px-5 py-4 text-sm text-slate-600">No classes booked yet. Pick one from the week and choose Book.</p>
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
                          Join online meeting<span className="sr-only"> for {booking.className} (opens in a new tab)</span>
                        </a>
                      ) : null}
                    </div>
                    {booking.canCancel ? (
                      <Link to={cancelHref(booking.bookingId)} className={buttonClasses({ variant: 'link', size: 'sm' })} aria-label={`Cancel ${booking.className}, ${booking.whenText}`} preventScrollReset>
                        Cancel
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="Your passes">
            {page.memberships.length === 0 ? (
              <p className="text-sm text-slate-600">No class pass or membership yet. Free classes can be booked without one.</p>
            ) : (
              <ul className="space-y-2 text-sm">
                {page.memberships.map((membership) => (
                  <li key={membership.id} className="flex justify-between gap-3">
                    <span className="font-medium text-slate-900">{membership.name}</span>
                    <span className="text-slate-700">{membership.creditsText ?? 'Unlimited classes'}</span>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-3 text-xs text-slate-600">Cancel up to {page.cutOffText} before a class to get a card credit back.</p>
          </Card>
          <CalendarFeedCard issuedAtText={feedIssuedAtText} newFeedUrl={acted && 'feedUrl' in acted ? acted.feedUrl : null} />
        </aside>
      </div>
    </>
  )
}
