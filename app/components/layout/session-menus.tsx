import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ArrowLeftRight, ChevronDown, Eye, LayoutDashboard, LogOut, Undo2, User } from 'lucide-react'
import {
  END_PREVIEW_PATH,
  FRANCHISE_SWITCH_PATH,
  LOGOUT_PATH,
  MASTER_VIEW_PATH,
  STUDENT_PREVIEW_PATH,
  WEB_PREVIEW_PATH,
} from '#app/components/navigation/session-actions'
import { Dropdown, menuRowClass } from './dropdown'

export type FranchiseView = { id: string; orgId: string; name: string }

const toolbarButton =
  'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900'

/** 'Switch franchise': each franchise is a small form, so switching works without JavaScript. */
export function FranchiseMenu({ franchises }: { franchises: FranchiseView[] }) {
  const { t } = useTranslation()
  if (franchises.length === 0) return null
  return (
    <Dropdown
      summaryLabel={t('switchFranchise')}
      summary={
        <>
          <ArrowLeftRight aria-hidden className="h-4 w-4" />
          <span className="hidden xl:inline">{t('switchFranchise')}</span>
        </>
      }
      summaryClassName={toolbarButton}
      panelClassName="max-h-96 w-64 overflow-y-auto"
    >
      <p className="px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-400">{t('switchFranchise')}</p>
      {franchises.map((franchise) => (
        // A plain form: the switch continues on the franchise's own address.
        <form key={franchise.id} method="post" action={FRANCHISE_SWITCH_PATH}>
          <input type="hidden" name="tenantId" value={franchise.id} />
          <button type="submit" className={menuRowClass}>
            <span className="flex-1">{franchise.name}</span>
            <span className="text-xs text-slate-400">{franchise.orgId}</span>
          </button>
        </form>
      ))}
    </Dropdown>
  )
}

/** 'Master View': back to the master franchise (only in franchise login mode). */
export function MasterViewButton() {
  const { t } = useTranslation()
  return (
    <form method="post" action={MASTER_VIEW_PATH}>
      <button type="submit" className={`${toolbarButton} text-brand-text`}>
        <Undo2 aria-hidden className="h-4 w-4" />
        {t('masterView')}
      </button>
    </form>
  )
}

/** The Preview menu: Web Preview and Student Preview. */
export function PreviewMenu() {
  const { t } = useTranslation()
  return (
    <Dropdown
      summaryLabel={t('preview')}
      summary={
        <>
          <Eye aria-hidden className="h-4 w-4" />
          <span className="hidden sm:inline">{t('preview')}</span>
          <ChevronDown aria-hidden className="h-3.5 w-3.5" />
        </>
      }
      summaryClassName={toolbarButton}
    >
      <Form method="post" action={WEB_PREVIEW_PATH}>
        <button type="submit" className={menuRowClass}>
          {t('webPreview')}
        </button>
      </Form>
      <Form method="post" action={STUDENT_PREVIEW_PATH}>
        <button type="submit" className={menuRowClass}>
          {t('studentPreview')}
        </button>
      </Form>
    </Dropdown>
  )
}

/** 'Admin View': ends the preview and returns to the dashboard with the staff identity. */
export function AdminViewButton({ className = toolbarButton }: { className?: string }) {
  const { t } = useTranslation()
  return (
    <Form method="post" action={END_PREVIEW_PATH} reloadDocument>
      <button type="submit" className={className}>
        <LayoutDashboard aria-hidden className="h-4 w-4" />
        {t('adminView')}
      </button>
    </Form>
  )
}

/** The user menu: who is signed in, My Profile and Logout. */
export function UserMenu({ fullName, email, roleName }: { fullName: string; email: string; roleName: string }) {
  const { t } = useTranslation()
  const initials = fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('')
  return (
    // Named by the person's name and role, the words it shows from md up (hidden, not removed, below).
    <Dropdown
      testId="user-menu"
      summary={
        <>
          <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded-full bg-brand text-xs font-semibold text-on-brand">
            {initials || <User className="h-4 w-4" />}
          </span>
          <span className="sr-only text-left leading-tight md:not-sr-only md:block">
            <span className="block text-sm font-medium text-slate-800">{fullName}</span>
            <span className="block text-xs text-slate-600">{roleName}</span>
          </span>
          <ChevronDown aria-hidden className="hidden h-3.5 w-3.5 text-slate-400 md:block" />
        </>
      }
      summaryClassName="px-1.5 py-1 hover:bg-slate-100"
    >
      <div className="border-b border-slate-100 px-4 pb-2 pt-1.5">
        <p className="truncate font-medium text-slate-900">{fullName}</p>
        <p className="truncate text-xs text-slate-500">{email}</p>
      </div>
      <Link to="/profile" className={menuRowClass}>
        <User aria-hidden className="h-4 w-4 text-slate-400" />
        {t('myProfile')}
      </Link>
      <Form method="post" action={LOGOUT_PATH} reloadDocument>
        <button type="submit" className={menuRowClass}>
          <LogOut aria-hidden className="h-4 w-4 text-slate-400" />
          {t('logout')}
        </button>
      </Form>
    </Dropdown>
  )
}
