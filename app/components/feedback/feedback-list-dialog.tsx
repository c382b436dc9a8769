import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { ShownDate } from '#server/dates/tenant-dates'
import { Dialog } from '#app/components/ui/dialog'
import { DateText } from '#app/components/ui/date-text'
import { PageSizeForm, PreviousNextNav } from '#app/components/ui/pagination'

export type FeedbackListEntry = { id: string; message: string; name: string; profileHref: string | null; when: ShownDate | null }

export type FeedbackListState = {
  entries: readonly FeedbackListEntry[]
  total: number
  page: number
  size: number
  sizes: readonly number[]
}

/**
 * The staff side of the feedback dialog (website spec 2.14): every message students sent,
 * newest first, 50 a page (50, 100 or 150); each name links to the contact's profile. A staff
 * screen only: its words are the `staff` namespace's.
 */
export function FeedbackListDialog({ state, base, closeTo }: { state: FeedbackListState; base: string; closeTo: string }) {
  const { t } = useTranslation('staff')
  const { entries, total, page, size, sizes } = state
  const pageCount = Math.max(1, Math.ceil(total / size))
  const hrefOf = (to: number) => `${base}?feedback=list&size=${size}&page=${to}`
  const first = total === 0 ? 0 : (page - 1) * size + 1
  const last = Math.min(total, page * size)
  return (
    <Dialog title={t('feedbackList_title')} closeTo={closeTo} width={600} minHeight={350}>
      <div className="flex flex-col gap-4">
        {entries.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">{t('feedbackList_empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={t('feedbackList_listLabel')} data-testid="feedback-list">
            {entries.map((entry) => (
              <li key={entry.id} className="px-4 py-3 text-sm">
                <p className="flex flex-wrap items-baseline justify-between gap-2">
                  {entry.profileHref ? (
                    <Link to={entry.profileHref} className="font-medium text-brand-text underline-offset-2 hover:underline">
                      {entry.name}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">{entry.name}</span>
                  )}
                  <span className="text-xs text-slate-600">
                    <DateText value={entry.when} />
                  </span>
                </p>
                <p className="mt-1 whitespace-pre-line break-words text-slate-800">{entry.message}</p>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
          <PageSizeForm id="feedback-size" sizes={sizes} current={size} action={base} hiddenFields={<input type="hidden" name="feedback" value="list" />} />
          <PreviousNextNav first={first} last={last} total={total} previousHref={page > 1 ? hrefOf(page - 1) : null} nextHref={page < pageCount ? hrefOf(page + 1) : null} />
        </div>
      </div>
    </Dialog>
  )
}
