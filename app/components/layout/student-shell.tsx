import { Link, useLocation } from '@remix-run/react'
import { Menu } from 'lucide-react'
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react'
import { HorizontalNavigation, StackedNavigation } from '#app/components/navigation/horizontal-navigation'
import { SessionExpiryDialog } from '#app/components/session/session-expiry-dialog'
import { ToastNotice, type ToastView } from '#app/components/ui/toast'
import type { SignedInShell } from '#server/navigation/signed-in-shell'
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
  const location = useLocation()
  const panelToggle = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (panelToggle.current) panelToggle.current.checked = false
  }, [location.pathname])

  const { site, user } = shell
  return (
    <div className="group/shell flex min-h-screen flex-col bg-slate-50" data-layout="horizontal-layout-1" style={site.brandColours as CSSProperties}>
      <SkipLink />
      {/* Only below 821 px, where the navbar gives way to the menu button. */}
      <input ref={panelToggle} id="student-menu-open" type="checkbox" className="sr-only min-[821px]:hidden" aria-label="Open the menu" />
      {user.canReturnToAdmin ? (
        <div className="bg-amber-100 text-amber-900">
          <div className="mx-auto flex max-w-[1366px] flex-wrap items-center gap-3 px-4 py-1.5 text-sm sm:px-6">
            <span className="font-medium">Student Preview</span>
            <span className="hidden sm:inline">You are seeing the portal as {user.fullName} sees it.</span>
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
            <span className="hidden text-sm text-slate-500 min-[821px]:inline">Hello, {user.firstName || user.fullName}</span>
            <label
              htmlFor="student-menu-open"
              data-testid="student-menu-toggle"
              title="Menu"
              className="cursor-pointer rounded-md p-2 text-slate-600 hover:bg-slate-100 group-has-[#student-menu-open:focus-visible]/shell:outline-2 group-has-[#student-menu-open:focus-visible]/shell:outline-brand-text min-[821px]:hidden"
            >
              <Menu aria-hidden className="h-5 w-5" />
              <span className="sr-only">Menu</span>
            </label>
          </div>
        </div>
        <div data-testid="student-navbar" className="border-t border-slate-100 max-[821px]:hidden">
          <div className="mx-auto max-w-[1366px] px-4 py-1.5 sm:px-6">
            <HorizontalNavigation items={shell.navigation} label="Student menu" />
          </div>
        </div>
        <div className="hidden border-t border-slate-100 pb-2 group-has-[#student-menu-open:checked]/shell:block min-[821px]:group-has-[#student-menu-open:checked]/shell:hidden">
          <StackedNavigation items={shell.navigation} label="Portal pages" />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[1366px] flex-1 px-4 py-6 focus:outline-none sm:px-6">
        {children}
      </main>
      <SiteFooter footer={shell.footer} />
      <ToastNotice toast={toast} />
      {session ? <SessionExpiryDialog expiresAt={session.expiresAt} refreshBufferMinutes={session.refreshBufferMinutes} /> : null}
    </div>
  )
}
