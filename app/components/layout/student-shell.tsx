import { Link, useLocation } from '@remix-run/react'
import { Menu } from 'lucide-react'
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { HorizontalNavigation, StackedNavigation } from '#app/components/navigation/horizontal-navigation'
import { SessionExpiryDialog } from '#app/components/session/session-expiry-dialog'
import { ToastNotice, useFlashToast, type ToastView } from '#app/components/ui/toast'
import type { SignedInShell } from '#server/navigation/signed-in-shell'
import type { NavigationItem } from '#server/shell/navigation-item'
import { LanguageSwitcher } from './language-switcher'
import { AdminViewButton } from './session-menus'
import { SiteFooter } from './site-footer'
import { SkipLink } from './skip-link'
import { TenantLogo } from './tenant-logo'

type Props = {
  shell: SignedInShell
  toast: ToastView | null
  /** Drives the 'Session Expired' dialog; null where no session timer should run. */
  session: { expiresAt: string; refreshBufferMinutes: number } | null
  children: ReactNode
}

/**
 * The student portal: the horizontal layout (horizontal-layout-1). The navbar row is hidden
 * under 821 px, where the toolbar's menu button opens the same items as a list (a CSS
 * checkbox, so it works without JavaScript). Tailwind's max-[821px] means "narrower than 821 px".
 */
export function StudentShell({ shell, toast, session, children }: Props) {
  const shownToast = useFlashToast(toast)
  const location = useLocation()
  const panelToggle = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (panelToggle.current) panelToggle.current.checked = false
  }, [location.pathname])

  const { t } = useTranslation('portal')
  const { site, user } = shell
  const navigation = portalNavigation(shell.navigation, t)
  return (
    <div className="group/shell flex min-h-screen flex-col bg-slate-50" data-layout="horizontal-layout-1" style={site.brandColours as CSSProperties}>
      <SkipLink />
      {/* Only below 821 px, where the navbar gives way to the menu button. */}
      <input ref={panelToggle} id="student-menu-open" type="checkbox" className="sr-only min-[821px]:hidden" aria-label={t('openMenu')} />
      {user.canReturnToAdmin ? (
        <div className="bg-amber-100 text-amber-900">
          <div className="mx-auto flex max-w-[1366px] flex-wrap items-center gap-3 px-4 py-1.5 text-sm sm:px-6">
            <span className="font-medium">{t('studentPreview')}</span>
            <span className="hidden sm:inline">{t('studentPreviewText', { name: user.fullName })}</span>
            <div className="ml-auto">
              <AdminViewButton className="inline-flex items-center gap-1.5 rounded-md bg-white/70 px-2.5 py-1 text-sm font-medium hover:bg-white" />
            </div>
          </div>
        </div>
      ) : null}
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-[1366px] items-center gap-3 px-4 sm:px-6">
          <Link to="/" className="flex min-w-0 items-center gap-3">
            <TenantLogo name={site.name} logoUrl={site.logoUrl} className="h-9" />
            <span className="truncate text-base font-semibold text-slate-900">{site.name}</span>
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <LanguageSwitcher className="text-sm text-slate-600" />
            <span className="hidden text-sm text-slate-500 min-[821px]:inline">{t('hello', { name: user.firstName || user.fullName })}</span>
            <label
              htmlFor="student-menu-open"
              data-testid="student-menu-toggle"
              title={t('menu')}
              className="cursor-pointer rounded-md p-2 text-slate-600 hover:bg-slate-100 group-has-[#student-menu-open:focus-visible]/shell:outline-2 group-has-[#student-menu-open:focus-visible]/shell:outline-brand-text min-[821px]:hidden"
            >
              <Menu aria-hidden className="h-5 w-5" />
              <span className="sr-only">{t('menu')}</span>
            </label>
          </div>
        </div>
        <div data-testid="student-navbar" className="border-t border-slate-100 max-[821px]:hidden">
          <div className="mx-auto max-w-[1366px] px-4 py-1.5 sm:px-6">
            <HorizontalNavigation items={navigation} label={t('studentMenu')} />
          </div>
        </div>
        <div className="hidden border-t border-slate-100 pb-2 group-has-[#student-menu-open:checked]/shell:block min-[821px]:group-has-[#student-menu-open:checked]/shell:hidden">
          <StackedNavigation items={navigation} label={t('portalPages')} />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[1366px] flex-1 px-4 py-6 focus:outline-none sm:px-6">
        {children}
      </main>
      <SiteFooter footer={shell.footer} />
      <ToastNotice toast={shownToast} />
      {session ? <SessionExpiryDialog expiresAt={session.expiresAt} refreshBufferMinutes={session.refreshBufferMinutes} /> : null}
    </div>
  )
}

/** The menu's items by their ids (student-navigation.ts), in the page's language; the profile group keeps the person's name. */
const NAVIGATION_WORDS = {
  calendar: 'nav_calendar',
  courses: 'nav_courses',
  store: 'nav_store',
  assessments: 'nav_assessments',
  myfiles: 'nav_myfiles',
  profile: 'nav_profile',
  logout: 'nav_logout',
} as const

function portalNavigation(items: NavigationItem[], t: (key: (typeof NAVIGATION_WORDS)[keyof typeof NAVIGATION_WORDS]) => string): NavigationItem[] {
  return items.map((item) => {
    const key = item.id in NAVIGATION_WORDS ? NAVIGATION_WORDS[item.id as keyof typeof NAVIGATION_WORDS] : null
    const title = key ? t(key) : item.title === 'Profile' ? t('nav_profile') : item.title
    return { ...item, title, children: item.children ? portalNavigation(item.children, t) : item.children }
  })
}
