import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/** The 'Users List' sidebar of the user detail screen: every staff user, one click to switch. */
export function UsersSidebar({ users, currentGuid }: { users: { guid: string; name: string }[]; currentGuid: string }) {
  const { t } = useTranslation('settings')
  return (
    <nav aria-labelledby="users-sidebar-title" className="rounded-lg border border-slate-200 bg-white">
      <h2 id="users-sidebar-title" className="border-b border-slate-200 px-4 py-3 font-semibold">
        {t('usersList')}
      </h2>
      <ul className="max-h-[70vh] overflow-y-auto py-1">
        {users.map((user) => (
          <li key={user.guid}>
            <Link
              to={`/settings/users/${user.guid}`}
              aria-current={user.guid === currentGuid ? 'page' : undefined}
              className={`block truncate px-4 py-2 text-sm ${
                user.guid === currentGuid ? 'bg-brand/10 font-semibold text-brand-text' : 'text-slate-700 hover:bg-slate-50'
              }`}
            >
              {user.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
