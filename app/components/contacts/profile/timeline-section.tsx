import { Activity, BadgeCheck, CalendarCheck, FileText, History, LogIn, Mail, Receipt, StickyNote, type LucideIcon } from 'lucide-react'
import type { TimelineItemView } from '#server/contacts/profile/load-contact-profile'
import type { TimelineKind } from '#server/contacts/profile/merge-timeline'
import { profilePath, TIMELINE_PAGE } from '#server/contacts/profile/profile-tabs'
import { ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { DateText } from '#app/components/ui/date-text'
import { EmptyState } from '#app/components/ui/empty-state'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'

/** Each kind's icon; its name for screen readers is contacts.json's timelineKind_<kind>. */
const ICONS: Record<TimelineKind, LucideIcon> = {
  activity: Activity,
  form: FileText,
  note: StickyNote,
  email: Mail,
  login: LogIn,
  sale: Receipt,
  membership: BadgeCheck,
  booking: CalendarCheck,
}

/** What happened with the contact, newest first; 'Show more' asks the server for the next page. */
export function TimelineSection({ guId, entries, hasMore, shown }: { guId: string; entries: TimelineItemView[]; hasMore: boolean; shown: number }) {
  const { t } = useContactsWords()
  if (entries.length === 0)
    return (
      <EmptyState icon={History} title={t('timeline_empty')}>
        {t('timeline_emptyText')}
      </EmptyState>
    )
  return (
    <Card title={t('tab_timeline')}>
      <ol className="relative flex flex-col gap-4 border-l border-slate-200 pl-6">
        {entries.map((entry) => {
          const Icon = ICONS[entry.kind]
          const label = t(`timelineKind_${entry.kind}`)
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
            {t('timeline_showMore')}
          </ButtonLink>
        </div>
      ) : null}
    </Card>
  )
}
