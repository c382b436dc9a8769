import { Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react'
import { CacheClearShortcut } from '#app/components/cache-clear/cache-clear-shortcut'
import { VerticalNavigation } from '#app/components/navigation/vertical-navigation'
import { SessionExpiryDialog } from '#app/components/session/session-expiry-dialog'
import { ToastNotice, useFlashToast, type ToastView } from '#app/components/ui/toast'
import type { SignedInShell } from '#server/navigation/signed-in-shell'
import { AdminViewButton, FranchiseMenu, MasterViewButton, PreviewMenu, UserMenu } from './session-menus'
import { ShortcutsBar } from './shortcuts-bar'
import { SIDEBAR_FOLDED_COOKIE } from './sidebar-cookie'
import { SiteFooter } from './site-footer'
import { SkipLink } from './skip-link'
import { TenantLogo } from './tenant-logo'

/** A label drawn as a button shows the focus of the hidden checkbox it toggles. */
const focusOfFold = 'group-has-[#sidebar-fold:focus-visible]/shell:outline-2 group-has-[#sidebar-fold:focus-visible]/shell:outline-brand-text'
const focusOfOpen = 'group-has-[#sidebar-open:focus-visible]/shell:outline-2 group-has-[#sidebar-open:focus-visible]/shell:outline-brand-text'

type Props = {
  shell: SignedInShell
  toast: ToastView | null
  /** Drives the 'Session Expired' dialog; null where no session timer should run. */
  session: { expiresAt: string; refreshBufferMinutes: number } | null
  sidebarFolded: boolean
  children: ReactNode
}

/**
 * The staff back office: the vertical layout (vertical-layout-1). A 250 px sidebar that folds
 * to 64 px on wide screens and slides in over the page on narrow ones. Both states are CSS
 * checkboxes, so they work before (and without) JavaScript; with it the fold is remembered.
 * Each checkbox exists only at the widths where it does something (the fold on wide screens,
 * the slide-in on narrow ones), and the closed slide-in menu is invisible, so none of its
 * links is a hidden tab stop.
 */
export function StaffShell({ shell, toast, sidebarFolded, session, children }: Props) {
  const shownToast = useFlashToast(toast)
  const { t } = useTranslation()
  const location = useLocation()
  const openToggle = useRef<HTMLInputElement>(null)

  // Picking a page from the slide-in menu closes it.
  useEffect(() => {
    if (openToggle.current) openToggle.current.checked = false
  }, [location.pathname])

  const rememberFold = (folded: boolean) => {
    document.cookie = `${SIDEBAR_FOLDED_COOKIE}=${folded ? '1' : '0'}; Path=/; Max-Age=31536000; SameSite=Lax`
  }

  const { site, user } = shell
  return (
    <div className="group/shell min-h-screen bg-slate-100" data-layout="vertical-layout-1" style={site.brandColours as CSSProperties}>
      <SkipLink />
      <input
        id="sidebar-fold"
        type="checkbox"
        className="peer/fold sr-only max-lg:hidden"
        aria-label={t('foldMenu')}
        defaultChecked={sidebarFolded}
        onChange={(event) => rememberFold(event.currentTarget.checked)}
      />
      <input ref={openToggle} id="sidebar-open" type="checkbox" className="sr-only lg:hidden" aria-label={t('openMenu')} />

      <aside
        aria-label={t('sidebar')}
        data-testid="sidebar"
        className="group/sidebar invisible fixed inset-y-0 left-0 z-40 flex w-[250px] -translate-x-full flex-col bg-slate-900 shadow-xl transition-[width,transform,visibility] duration-300 group-has-[#sidebar-open:checked]/shell:visible group-has-[#sidebar-open:checked]/shell:translate-x-0 lg:visible lg:translate-x-0 lg:shadow-none group-has-[#sidebar-fold:checked]/shell:lg:w-16 group-has-[#sidebar-fold:checked]/shell:lg:hover:w-[250px] group-has-[#sidebar-fold:checked]/shell:lg:hover:shadow-2xl"
      >
        <div className="flex h-16 shrink-0 items-center gap-3 px-4">
          <Link to="/dashboard" className="flex min-w-0 flex-1 items-center gap-3">
            <TenantLogo name={site.name} logoUrl={site.logoUrl} className="h-8" />
            {/* Folded, the name is hidden from sight only: it still names the link. */}
            <span className="truncate text-sm font-semibold text-white group-has-[#sidebar-fold:checked]/shell:lg:sr-only group-has-[#sidebar-fold:checked]/shell:lg:group-hover/sidebar:not-sr-only">
              {site.name}
            </span>
          </Link>
          <label
            htmlFor="sidebar-fold"
            title={t('foldOrUnfoldMenu')}
            data-testid="sidebar-fold-toggle"
            className={`hidden cursor-pointer rounded-md p-1.5 text-slate-400 hover:bg-white/10 hover:text-white lg:block group-has-[#sidebar-fold:checked]/shell:lg:hidden group-has-[#sidebar-fold:checked]/shell:lg:group-hover/sidebar:block ${focusOfFold}`}
          >
            <PanelLeftClose aria-hidden className="h-5 w-5 group-has-[#sidebar-fold:checked]/shell:hidden" />
            <PanelLeftOpen aria-hidden className="hidden h-5 w-5 group-has-[#sidebar-fold:checked]/shell:block" />
            <span className="sr-only">{t('foldOrUnfoldMenu')}</span>
          </label>
        </div>
        <VerticalNavigation items={shell.navigation} />
      </aside>

      <label
        htmlFor="sidebar-open"
        aria-hidden
        className="fixed inset-0 z-30 hidden bg-slate-900/40 group-has-[#sidebar-open:checked]/shell:block lg:group-has-[#sidebar-open:checked]/shell:hidden"
      />

      <div className="flex min-h-screen flex-col transition-[padding] duration-300 lg:pl-[250px] group-has-[#sidebar-fold:checked]/shell:lg:pl-16">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-4">
          <label
            htmlFor="sidebar-open"
            title={t('menuToggle')}
            data-testid="menu-toggle"
            className={`cursor-pointer rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden ${focusOfOpen}`}
          >
            <Menu aria-hidden className="h-5 w-5" />
            <span className="sr-only">{t('menuToggle')}</span>
          </label>
          <label
            htmlFor="sidebar-fold"
            title={t('foldOrUnfoldMenu')}
            className={`hidden cursor-pointer rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:block ${focusOfFold}`}
          >
            <Menu aria-hidden className="h-5 w-5" />
            <span className="sr-only">{t('foldOrUnfoldMenu')}</span>
          </label>
          <Link to="/dashboard" className="lg:hidden">
            <TenantLogo name={site.name} logoUrl={site.logoUrl} className="h-8" />
            <span className="sr-only">{site.name}</span>
          </Link>
          <div className="hidden h-6 w-px bg-slate-200 sm:block" />
          <div className="hidden sm:block">
            <ShortcutsBar shortcuts={shell.shortcuts} choices={shell.shortcutChoices} />
          </div>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <FranchiseMenu franchises={shell.franchises} />
            {user.isFranchiseMode ? <MasterViewButton /> : null}
            {user.isStaff && !user.canReturnToAdmin ? <PreviewMenu /> : null}
            {user.canReturnToAdmin ? <AdminViewButton /> : null}
            <UserMenu fullName={user.fullName} email={user.email} roleName={user.roleName} />
          </div>
        </header>

        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[1366px] flex-1 px-4 py-6 focus:outline-none sm:px-6">
          {children}
        </main>
        <SiteFooter footer={shell.footer} compact />
      </div>
      <ToastNotice toast={shownToast} />
      {/* Every staff screen listens for the hidden cache-clear sequence, whichever route draws the shell. */}
      <CacheClearShortcut />
      {session ? <SessionExpiryDialog expiresAt={session.expiresAt} refreshBufferMinutes={session.refreshBufferMinutes} /> : null}
    </div>
  )
}
