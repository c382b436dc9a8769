import { Link } from '@remix-run/react'
import { CONTACT_STATUSES, contactListSearch, DEFAULT_CONTACT_LIST_FILTER, type ContactListFilter, type ContactStatus } from '#server/contacts/contact-list-filter'
import type { ContactListStats } from '#server/contacts/list-contacts'
import { useContactsWords } from './use-contacts-words'

/**
 * The totals on top of the list: every contact, new this month, and one per status. Each
 * status is a link to the list filtered by it; the one in use is marked current.
 */
export function ContactsStats({ stats, filter }: { stats: ContactListStats; filter: ContactListFilter }) {
  const { t } = useContactsWords()
  const current = filter.statuses.length === 1 ? filter.statuses[0] : null
  const only = (status: ContactStatus) => `/contacts${contactListSearch(DEFAULT_CONTACT_LIST_FILTER, { statuses: [status], pageSize: filter.pageSize })}`
  return (
    <section aria-label={t('contactTotals')}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-9">
        <Stat label={t('allContacts')} value={stats.total} to="/contacts" current={!current && filter.statuses.length === 0} />
        <Stat label={t('newThisMonth')} value={stats.newThisMonth} />
        {CONTACT_STATUSES.map((status) => (
          <Stat key={status} label={t(`status_${status}`)} value={stats.byStatus[status]} to={only(status)} current={current === status} />
        ))}
      </ul>
    </section>
  )
}

function Stat({ label, value, to, current = false }: { label: string; value: number; to?: string; current?: boolean }) {
  const { shown } = useContactsWords()
  const body = (
    <>
      <span className="block text-xs font-medium text-slate-600">{label}</span>
      <span className="mt-1 block text-xl font-semibold tabular-nums text-slate-900">{shown(value)}</span>
    </>
  )
  const frame = `block h-full rounded-xl border bg-white px-4 py-3 shadow-sm ${current ? 'border-brand ring-1 ring-brand' : 'border-slate-200'}`
  return (
    <li>
      {to ? (
        <Link to={to} aria-current={current ? 'page' : undefined} className={`${frame} hover:border-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text`}>
          {body}
        </Link>
      ) : (
        <div className={frame}>{body}</div>
      )}
    </li>
  )
}
