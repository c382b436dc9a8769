import { Form, Link } from '@remix-run/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { buttonClasses } from '#app/components/ui/button'
import type { CalendarDayView, CalendarEntry, PublicCalendarPage } from '#server/catalog/schedule/public-calendar-page'

/**
 * The class schedule by week or month. Everything is a link or a GET form, so it works without
 * JavaScript. Below md the grid gives way to a list by day that leaves out days without classes.
 */
export function PublicCalendar({ calendar }: { calendar: PublicCalendarPage }) {
  const { t } = useTranslation('portal')
  const { view, query, links } = calendar
  const total = calendar.weeks.reduce((sum, week) => sum + week.reduce((days, day) => days + (day.inRange ? day.entries.length : 0), 0), 0)
  return (
    <div className="space-y-6" data-calendar-view={view}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold text-slate-900" id="calendar-range">
          {calendar.title}
        </h2>
        <nav aria-label={t('calendar')} className="flex flex-wrap items-center gap-2">
          <Link to={links.previous} className={buttonClasses({ variant: 'secondary', size: 'md' })} rel="prev">
            <ChevronLeft aria-hidden className="h-4 w-4" />
            {view === 'week' ? t('previousWeek') : t('previousMonth')}
          </Link>
          <Link to={links.today} className={buttonClasses({ variant: 'secondary', size: 'md' })}>
            {t('today')}
          </Link>
          <Link to={links.next} className={buttonClasses({ variant: 'secondary', size: 'md' })} rel="next">
            {view === 'week' ? t('nextWeek') : t('nextMonth')}
            <ChevronRight aria-hidden className="h-4 w-4" />
          </Link>
          <span className="ml-2 inline-flex overflow-hidden rounded-md border border-slate-300">
            <Link to={links.week} aria-current={view === 'week' ? 'page' : undefined} className={viewTabClass(view === 'week')}>
              {t('calendarWeek')}
            </Link>
            <Link to={links.month} aria-current={view === 'month' ? 'page' : undefined} className={viewTabClass(view === 'month')}>
              {t('calendarMonth')}
            </Link>
          </span>
        </nav>
      </div>

      <Form method="get" action="/calendar" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3" aria-label={t('filterCalendar')}>
        <input type="hidden" name="view" value={view} />
        <input type="hidden" name="date" value={query.date} />
        <ChoiceFilter label={t('filterClass')} name="class" chosen={query.classId} anyLabel={t('allClasses')} choices={calendar.classes} />
        <ChoiceFilter label={t('filterTeacher')} name="teacher" chosen={query.teacherId} anyLabel={t('allTeachers')} choices={calendar.teachers} />
        <button type="submit" className={buttonClasses({ variant: 'primary', size: 'md' })}>
          {t('filter')}
        </button>
        {query.classId || query.teacherId ? (
          <Link to={`/calendar?view=${view}&date=${query.date}`} className={buttonClasses({ variant: 'link', size: 'md' }, 'py-2')}>
            {t('clearFilters')}
          </Link>
        ) : null}
      </Form>

      {total === 0 ? <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-700">{view === 'week' ? t('noClassesThisWeek') : t('noClassesThisMonth')}</p> : null}

      {view === 'week' ? <WeekGrid days={calendar.weeks[0] ?? []} label={calendar.registerButtonLabel} /> : <MonthGrid weeks={calendar.weeks} label={calendar.registerButtonLabel} />}
      <p className="text-sm text-slate-600">{t('timesShownIn', { zone: calendar.timeZone.replace(/_/g, ' ') })}</p>
    </div>
  )
}

function viewTabClass(active: boolean): string {
  return `px-3 py-2 text-sm font-medium ${active ? 'bg-brand text-on-brand' : 'bg-white text-slate-700 hover:bg-slate-50'}`
}

function WeekGrid({ days, label }: { days: CalendarDayView[]; label: string }) {
  const { t } = useTranslation('portal')
  return (
    <ol className="grid gap-3 md:grid-cols-7" aria-labelledby="calendar-range">
      {days.map((day) => (
        <li key={day.date} className={`${day.entries.length === 0 ? 'hidden md:block' : ''} rounded-lg border ${day.isToday ? 'border-brand' : 'border-slate-200'} bg-white p-2`} data-day={day.date}>
          <h3 className={`mb-2 text-sm font-semibold ${day.isPast ? 'text-slate-600' : 'text-slate-900'}`}>
            {day.weekdayText} <span className="font-normal">{day.dateText}</span>
            {day.isToday ? <span className="ml-1 rounded bg-brand px-1.5 py-0.5 text-xs text-on-brand">{t('today')}</span> : null}
          </h3>
          {day.entries.length === 0 ? (
            <p className="text-xs text-slate-600">{t('noClassesThatDay')}</p>
          ) : (
            <ul className="space-y-2">
              {day.entries.map((entry) => (
                <li key={entry.id}>
                  <EntryCard entry={entry} label={label} compact={false} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  )
}

function MonthGrid({ weeks, label }: { weeks: CalendarDayView[][]; label: string }) {
  // The first row runs Sunday to Saturday, its days already named in the page's language.
  const weekdayHeadings = (weeks[0] ?? []).map((day) => day.weekdayText)
  return (
    <div>
      <div className="hidden grid-cols-7 gap-1 md:grid" aria-hidden>
        {weekdayHeadings.map((name) => (
          <div key={name} className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
            {name}
          </div>
        ))}
      </div>
      <ol className="grid gap-3 md:grid-cols-7 md:gap-1" aria-labelledby="calendar-range">
        {weeks.flat().map((day) => (
          <li
            key={day.date}
            data-day={day.date}
            className={`${day.entries.length === 0 || !day.inRange ? 'hidden md:block' : ''} min-h-24 rounded-md border p-1.5 ${
              day.isToday ? 'border-brand' : 'border-slate-200'
            } ${day.inRange ? 'bg-white' : 'bg-slate-50'}`}
          >
            <h3 className={`mb-1 text-xs font-semibold ${day.inRange && !day.isPast ? 'text-slate-900' : 'text-slate-600'}`}>
              <span className="md:sr-only">
                {day.weekdayText} {day.dateText}
              </span>
              <span className="hidden md:inline" aria-hidden>
                {day.dayOfMonth}
              </span>
            </h3>
            {day.inRange && day.entries.length > 0 ? (
              <ul className="space-y-1">
                {day.entries.map((entry) => (
                  <li key={entry.id}>
                    <EntryCard entry={entry} label={label} compact />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  )
}

function EntryCard({ entry, label, compact }: { entry: CalendarEntry; label: string; compact: boolean }) {
  const { t } = useTranslation('portal')
  const muted = entry.isPast || entry.cancelled
  return (
    <article
      className={`rounded border-l-4 px-2 py-1.5 text-xs ${muted ? 'bg-slate-100 text-slate-600' : 'bg-slate-50 text-slate-800'}`}
      style={{ borderLeftColor: entry.colour && !muted ? `#${entry.colour}` : '#94a3b8' }}
      data-occurrence={entry.id}
      data-past={entry.isPast || undefined}
      data-cancelled={entry.cancelled || undefined}
    >
      <p className="font-medium">
        <time dateTime={entry.startIso}>{entry.timeText}</time>
      </p>
      <h4 className={`text-sm font-semibold ${entry.cancelled ? 'line-through' : ''} ${muted ? 'text-slate-700' : 'text-slate-900'}`}>{entry.className}</h4>
      {entry.cancelled ? <p className="mt-0.5 inline-block rounded bg-red-50 px-1.5 font-semibold text-red-800">{t('cancelled')}</p> : null}
      {entry.isPast && !entry.cancelled ? <p className="sr-only">{t('classStarted')}</p> : null}
      {!compact && entry.teacherName ? <p>{entry.teacherName}</p> : null}
      {!compact && entry.roomName ? <p>{entry.roomName}</p> : null}
      {!entry.cancelled && !entry.isPast && entry.spotsText ? <p className={entry.isFull ? 'font-semibold text-red-800' : ''}>{entry.spotsText}</p> : null}
      {entry.signupHref ? (
        <a href={entry.signupHref} className={buttonClasses({ variant: 'primary', size: 'sm' }, 'mt-1')} aria-label={t('registerFor', { label, name: entry.className, time: entry.timeText })}>
          {label}
        </a>
      ) : null}
    </article>
  )
}

/** One select of the filter form: any, or one of the choices by id. */
function ChoiceFilter({ label, name, chosen, anyLabel, choices }: { label: string; name: string; chosen: string | null | undefined; anyLabel: string; choices: ReadonlyArray<{ id: string; name: string }> }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <select name={name} defaultValue={chosen ?? ''} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900">
        <option value="">{anyLabel}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </label>
  )
}
