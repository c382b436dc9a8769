import { Activity, BadgeCheck, CalendarCheck, FileText, History, LogIn, Mail, Receipt, StickyNote, type LucideIcon } from 'lucide-react'
import type { TimelineItemView } from '#server/contacts/profile/load-contact-profile'
import type { TimelineKind } from '#server/contacts/profile/merge-timeline'
import { profilePath, TIMELINE_PAGE } from '#server/contacts/profile/profile-tabs'
import { ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { DateText } from '#app/components/ui/date-text'
import { EmptyState } from '#app/components/ui/empty-state'

const ICONS: Record<TimelineKind, { icon: LucideIcon; label: string }> = {
  activity: { icon: Activity, label: 'Activity' },
  form: { icon: FileText, label: 'Form' },
  note: { icon: StickyNote, label: 'Note' },
  email: { icon: Mail, label: 'Email' },
  login: { icon: LogIn, label: 'Sign-in' },
  sale: { icon: Receipt, label: 'Invoice' },
  membership: { icon: BadgeCheck, label: 'Membership' },
  booking: { icon: CalendarCheck, label: 'Booking' },
}

/** What happened with the contact, newest first; 'Show more' asks the server for the next page. */
export function TimelineSection({ guId, entries, hasMore, shown }: { guId: string; entries: TimelineItemView[]; hasMore: boolean; shown: number }) {
  if (entries.length === 0)
    return (
      <EmptyState icon={History} title="Nothing on the timeline yet">
        Forms, notes, emails, sign-ins and other activity of this contact will show here as they happen.
      </EmptyState>
    )
  return (
    <Card title="Timeline">
      <ol className="relative flex flex-col gap-4 border-l border-slate-200 pl-6">
        {entries.map((entry) => {
          const { icon: Icon, label } = ICONS[entry.kind]
          return (
            <li key={entry.key} className="relative">
              <span className="absolute top-0 -left-[2.3rem] flex h-7 w-7 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-600">
                <Icon aria-hidden className="h-3.5 w-3.5" />
              </span>
              <p className="text-sm break-words text-slate-900">
                <span className="sr-only">{label}: </span>
                {entry.text}
              </p>
              <p className="text-xs text-slate-600">
                <DateText value={entry.at} />
              </p>
            </li>
          )
        })}
      </ol>
      {hasMore ? (
        <div className="mt-5">
          <ButtonLink to={profilePath(guId, 'timeline', { shown: String(shown + TIMELINE_PAGE) })} preventScrollReset variant="secondary" size="sm">
            Show more
          </ButtonLink>
        </div>
      ) : null}
    </Card>
  )
}
