import { Form, Link, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CalendarCheck, ChevronLeft, ChevronRight } from 'lucide-react'
import { Button, ButtonLink, buttonClasses } from '#app/components/ui/button'
import type { StudentCalendarEntry, StudentClassesPage } from '#server/catalog/bookings/student-classes-page'

type Calendar = StudentClassesPage['calendar']

/** The student's week: every class by day, their own bookings marked, Book and Cancel beside each. */
export function StudentWeek({ calendar, cancelHref }: { calendar: Calendar; cancelHref: (bookingId: string) => string }) {
  const days = calendar.weeks.flat().filter((day) => day.entries.length > 0)
  const { t } = useTranslation('portal')
  return (
    <section aria-labelledby="week-range" className="space-y-4" data-calendar-view="week">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="week-range" className="text-lg font-semibold text-slate-900">
          {calendar.title}
        </h2>
        <nav aria-label={t('weeks')} className="flex flex-wrap items-center gap-2">
          <Link to={calendar.links.previous} className={buttonClasses({ variant: 'secondary', size: 'sm' })} rel="prev">
            <ChevronLeft aria-hidden className="h-4 w-4" />
            {t('previousWeek')}
          </Link>
          <Link to={calendar.links.today} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('thisWeek')}
          </Link>
          <Link to={calendar.links.next} className={buttonClasses({ variant: 'secondary', size: 'sm' })} rel="next">
            {t('nextWeek')}
            <ChevronRight aria-hidden className="h-4 w-4" />
          </Link>
        </nav>
      </div>
      {days.length === 0 ? <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-700">{t('noClassesThisWeek')}</p> : null}
      <ol className="space-y-4">
        {days.map((day) => (
          <li key={day.date} data-day={day.date} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <h3 className={`border-b border-slate-100 px-4 py-2.5 text-sm font-semibold ${day.isToday ? 'bg-brand/10 text-slate-900' : 'text-slate-900'}`}>
              {day.weekdayText} <span className="font-normal text-slate-700">{day.dateText}</span>
              {day.isToday ? <span className="ml-2 rounded bg-brand px-1.5 py-0.5 text-xs text-on-brand">{t('today')}</span> : null}
            </h3>
            <ul className="divide-y divide-slate-100">
              {day.entries.map((entry) => (
                <li key={entry.id}>
                  <EntryRow entry={entry} cancelHref={cancelHref} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-600">{t('timesShownIn', { zone: calendar.timeZone.replace(/_/g, ' ') })}</p>
    </section>
  )
}

function EntryRow({ entry, cancelHref }: { entry: StudentCalendarEntry; cancelHref: (bookingId: string) => string }) {
  const navigation = useNavigation()
  const { t } = useTranslation('portal')
  const { action } = entry
  const muted = entry.isPast || entry.cancelled
  const booked = action.kind === 'booked'
  const busy = navigation.state !== 'idle' && action.kind === 'book' && navigation.formAction === action.href
  return (
    <article
      className={`flex flex-wrap items-center gap-x-4 gap-y-2 border-l-4 px-4 py-3 ${booked ? 'bg-emerald-50/60' : ''}`}
      style={{ borderLeftColor: entry.colour && !muted ? `#${entry.colour}` : '#94a3b8' }}
      data-occurrence={entry.id}
      data-booked={booked || undefined}
      data-past={entry.isPast || undefined}
    >
      <p className={`w-40 shrink-0 text-sm font-medium ${muted ? 'text-slate-600' : 'text-slate-800'}`}>
        <time dateTime={entry.startIso}>{entry.timeText}</time>
      </p>
      <div className="min-w-40 flex-1">
        <h4 className={`text-sm font-semibold ${entry.cancelled ? 'text-slate-700 line-through' : 'text-slate-900'}`}>{entry.className}</h4>
        <p className="text-xs text-slate-600">{[entry.teacherName, entry.roomName].filter(Boolean).join(' · ')}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {entry.cancelled ? <span className="rounded bg-red-50 px-1.5 py-0.5 font-semibold text-red-800">{t('cancelled')}</span> : null}
        {!booked && !entry.cancelled && !entry.isPast && entry.spotsText ? <span className={entry.isFull ? 'font-semibold text-red-800' : 'text-slate-600'}>{entry.spotsText}</span> : null}
        {booked ? (
          <span className="inline-flex items-center gap-1 rounded bg-emerald-100 px-1.5 py-0.5 font-semibold text-emerald-900">
            <CalendarCheck aria-hidden className="h-3.5 w-3.5" />
            {entry.isPast ? t('attended') : t('booked')}
          </span>
        ) : null}
        {action.kind === 'booked' && action.canCancel ? (
          <ButtonLink to={cancelHref(action.bookingId)} size="sm" variant="secondary" aria-label={t('cancelEntry', { name: entry.className, time: entry.timeText })} preventScrollReset>
            {t('cancel')}
          </ButtonLink>
        ) : null}
        {action.kind === 'book' ? (
          <Form method="post" action={action.href}>
            <input type="hidden" name="intent" value="book" />
            <Button type="submit" size="sm" variant="primary" busy={busy} aria-label={t('bookEntry', { name: entry.className, time: entry.timeText })} title={action.paidBy ? t('paidWith', { what: action.paidBy }) : t('freeClass')}>
              {t('book')}
            </Button>
          </Form>
        ) : null}
        {action.kind === 'details' ? (
          <ButtonLink to={action.href} size="sm" variant="primary" aria-label={t('bookEntry', { name: entry.className, time: entry.timeText })}>
            {t('book')}
          </ButtonLink>
        ) : null}
      </div>
    </article>
  )
}
