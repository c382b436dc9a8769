import { Link } from '@remix-run/react'
import { PROFILE_TABS, profilePath, type ProfileTab } from '#server/contacts/profile/profile-tabs'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'

/**
 * The profile's sections as links (?tab=), so each is an address that opens without JavaScript;
 * the open one is marked as the current page. On a phone the row scrolls sideways.
 */
export function ProfileTabLinks({ guId, current }: { guId: string; current: ProfileTab }) {
  const { t } = useContactsWords()
  return (
    <nav aria-label={t('profileSections')} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {PROFILE_TABS.map((tab) => {
          const active = tab === current
          return (
            <li key={tab}>
              <Link
                to={profilePath(guId, tab)}
                preventScrollReset
                aria-current={active ? 'page' : undefined}
                className={`-mb-px block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-text ${
                  active ? 'border-brand text-brand-text' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                }`}
              >
                {t(`tab_${tab}`)}
              </Link>
            </li>
          )
        })}
        <li>
          {/* The files shared with the contact have their own page (/contacts/{guId}/files). */}
          <Link to={`/contacts/${guId}/files`} className="-mb-px block border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:border-slate-300 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-text">
            {t('files')}
          </Link>
        </li>
      </ul>
    </nav>
  )
}
