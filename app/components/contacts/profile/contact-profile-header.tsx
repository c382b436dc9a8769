import { Mail, Pencil, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ProfileHeaderView } from '#server/contacts/profile/profile-header'
import { EditContactLink } from '#app/components/contacts/edit-contact-dialog'
import { ContactAvatar } from './contact-avatar'
import { StatusChip } from './status-chip'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'

/**
 * The top of a contact's profile: picture, name, statuses, balance and how to reach them, with
 * Edit (`onEdit` opens the Edit Contact dialog; without JavaScript the link leads to the full
 * page) and a slot for the contact's actions menu (`actions`), which is built on its own, and
 * one under the picture for changing it (`picture`).
 */
export function ContactProfileHeader({ header, onEdit, actions, picture }: { header: ProfileHeaderView; onEdit: (guId: string) => void; actions?: ReactNode; picture?: ReactNode }) {
  const { t } = useContactsWords()
  const balanceTone = header.balanceSign < 0 ? 'text-red-700' : header.balanceSign > 0 ? 'text-emerald-700' : 'text-slate-700'
  return (
    <header className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex shrink-0 flex-col items-start gap-2">
          <ContactAvatar pictureUrl={header.pictureUrl} initials={header.initials} />
          {picture}
        </div>
        <div className="min-w-0 flex-1">
          <h1 className="break-words text-2xl font-semibold tracking-tight text-slate-900">{header.fullName}</h1>
          <ul aria-label={t('status')} className="mt-2 flex flex-wrap gap-1.5">
            {header.isArchived ? (
              <li>
                <StatusChip tone="muted">{t('archived')}</StatusChip>
              </li>
            ) : null}
            {header.statuses.map((status) => (
              <li key={status}>
                <StatusChip>{status}</StatusChip>
              </li>
            ))}
            {header.isWalkIn ? (
              <li>
                <StatusChip tone="warning">{t('walkIn')}</StatusChip>
              </li>
            ) : null}
          </ul>
          <dl className="mt-3 flex flex-col gap-1.5 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
            <div className="flex items-center gap-1.5">
              <dt className="font-medium text-slate-600">{t('balance')}</dt>
              <dd className={`font-semibold tabular-nums ${balanceTone}`}>{header.balance}</dd>
            </div>
            <div className="flex min-w-0 items-center gap-1.5">
              <dt>
                <Mail aria-hidden className="h-4 w-4 text-slate-500" />
                <span className="sr-only">{t('email')}</span>
              </dt>
              <dd className="min-w-0 truncate">
                {header.email ? (
                  <a href={`mailto:${header.email}`} className="text-brand-text hover:underline">
                    {header.email}
                  </a>
                ) : (
                  <span className="text-slate-500">{t('notGiven')}</span>
                )}
              </dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt>
                <Phone aria-hidden className="h-4 w-4 text-slate-500" />
                <span className="sr-only">{t('phone')}</span>
              </dt>
              <dd>
                {header.phone ? (
                  <a href={`tel:${header.phone.replace(/[^\d+]/g, '')}`} className="text-brand-text hover:underline">
                    {header.phone}
                  </a>
                ) : (
                  <span className="text-slate-500">{t('notGiven')}</span>
                )}
              </dd>
            </div>
          </dl>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          <EditContactLink guId={header.guId} onOpen={onEdit}>
            <Pencil aria-hidden className="h-4 w-4" />
            {t('edit')}
          </EditContactLink>
          {actions}
        </div>
      </div>
    </header>
  )
}
