import { Form, Link, NavLink, useLocation } from '@remix-run/react'
import { ChevronDown, Eye, Mail, Menu, Phone } from 'lucide-react'
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Dropdown, menuRowClass } from '#app/components/layout/dropdown'
import { LanguageSwitcher } from '#app/components/layout/language-switcher'
import { AdminViewButton } from '#app/components/layout/session-menus'
import { SiteFooter } from '#app/components/layout/site-footer'
import { SkipLink } from '#app/components/layout/skip-link'
import { TenantLogo } from '#app/components/layout/tenant-logo'
import { StackedNavigation } from '#app/components/navigation/horizontal-navigation'
import { END_PREVIEW_PATH } from '#app/components/navigation/session-actions'
import { useNonce } from '#app/utils/nonce'
import type { PublicShell } from '#server/navigation/public-shell'
import type { NavigationItem } from '#server/shell/navigation-item'

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-[15px] font-medium transition-colors ${isActive ? 'text-brand-text' : 'text-slate-700 hover:text-brand-text'}`

/**
 * The public website (horizontal layout): contact toolbar with the Login button, the page
 * menu, the page and the footer. Every part works without JavaScript.
 */
export function PublicLayout({ shell, hero, children }: { shell: PublicShell; hero?: ReactNode; children: ReactNode }) {
  const { site, menus, viewer } = shell
  const { t } = useTranslation()
  const location = useLocation()
  const mobileToggle = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (mobileToggle.current) mobileToggle.current.checked = false
  }, [location.pathname])

  const logo = (
    <>
      <TenantLogo name={site.name} logoUrl={site.logoUrl} className="h-10" />
      <span className={`text-lg font-semibold text-slate-900 ${site.logoUrl ? 'sr-only' : ''}`}>{site.name}</span>
    </>
  )

  return (
    <div className="group/shell flex min-h-screen flex-col" data-layout="horizontal-layout-1" style={site.brandColours as CSSProperties}>
      <SkipLink />
      {/* Only below md, where the page menu gives way to the menu button. */}
      <input ref={mobileToggle} id="public-menu-open" type="checkbox" className="sr-only md:hidden" aria-label={t('openMenu')} />
      {viewer.isPreviewing ? (
        <div className="bg-amber-100 text-amber-900">
          <div className="mx-auto flex max-w-[1366px] flex-wrap items-center gap-3 px-4 py-1.5 text-sm sm:px-6">
            <Eye aria-hidden className="h-4 w-4" />
            <span className="font-medium">{t('webPreview')}</span>
            <span className="hidden sm:inline">{t('webPreviewText')}</span>
            {viewer.pageScriptHeld ? <span>{t('pageScriptHeld')}</span> : null}
            <div className="ml-auto">
              <AdminViewButton className="inline-flex items-center gap-1.5 rounded-md bg-white/70 px-2.5 py-1 text-sm font-medium hover:bg-white" />
            </div>
          </div>
        </div>
      ) : null}

      <div className="bg-slate-900 text-sm text-slate-200">
        <div className="mx-auto flex max-w-[1366px] items-center justify-end gap-4 px-4 py-1.5 sm:px-6">
          <LanguageSwitcher className="mr-auto" />
          {site.phone ? (
            <a href={`tel:${site.phone}`} className="inline-flex items-center gap-1.5 hover:text-white">
              <Phone aria-hidden className="h-3.5 w-3.5" />
              <span className="whitespace-nowrap">{site.phone}</span>
            </a>
          ) : null}
          {site.email ? (
            <a href={`mailto:${site.email}`} className="hidden items-center gap-1.5 hover:text-white sm:inline-flex">
              <Mail aria-hidden className="h-3.5 w-3.5" />
              <span>{site.email}</span>
            </a>
          ) : null}
          {viewer.isSignedIn ? (
            // Signed in, the site is only shown as a preview; Login ends it (spec 000 section 2).
            <Form method="post" action={END_PREVIEW_PATH} reloadDocument>
              <button type="submit" className="rounded bg-brand px-3 py-1 font-medium text-on-brand hover:bg-brand-dark">
                {t('login')}
              </button>
            </Form>
          ) : (
            <Link to="/login" className="rounded bg-brand px-3 py-1 font-medium text-on-brand hover:bg-brand-dark">
              {t('login')}
            </Link>
          )}
        </div>
      </div>

      <header className="border-b border-slate-200 bg-white" style={site.headerColor ? { backgroundColor: site.headerColor } : undefined}>
        <nav aria-label={t('mainNavigation')} className="mx-auto flex max-w-[1366px] items-center gap-2 px-4 py-3 sm:px-6">
          {menus.homeIsExternal ? (
            <a href={menus.homeHref} className="mr-4 flex items-center gap-3">
              {logo}
            </a>
          ) : (
            <Link to={menus.homeHref} className="mr-4 flex items-center gap-3">
              {logo}
            </Link>
          )}
          <ul className="ml-auto hidden flex-wrap items-center gap-1 md:flex">
            {menus.menu.map((item) => (
              <li key={item.id}>
                <MenuEntry item={item} />
              </li>
            ))}
          </ul>
          <label
            htmlFor="public-menu-open"
            title={t('menu')}
            className="ml-auto cursor-pointer rounded-md p-2 text-slate-700 hover:bg-slate-100 group-has-[#public-menu-open:focus-visible]/shell:outline-2 group-has-[#public-menu-open:focus-visible]/shell:outline-brand-text md:hidden"
          >
            <Menu aria-hidden className="h-6 w-6" />
            <span className="sr-only">{t('menu')}</span>
          </label>
        </nav>
        <div className="hidden border-t border-slate-100 bg-white pb-2 group-has-[#public-menu-open:checked]/shell:block md:group-has-[#public-menu-open:checked]/shell:hidden">
          <StackedNavigation items={menus.menu} label={t('sitePages')} />
        </div>
      </header>

      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {hero}
        <div className="mx-auto w-full max-w-[1366px] px-4 py-10 sm:px-6">{children}</div>
      </main>
      <SiteFooter footer={shell.footer} />
      <PageScripts scripts={shell.pageScripts} />
    </div>
  )
}

/**
 * The tenant's page script (Website Settings), reduced on the server to script elements
 * (server/website/page-script.ts). Written into the server's HTML, so the browser runs it once
 * per page load; the page's Content-Security-Policy lets it reach its own https hosts.
 */
function PageScripts({ scripts }: { scripts: PublicShell['pageScripts'] }) {
  const nonce = useNonce()
  return (
    <>
      {scripts.map((script, index) =>
        script.src ? (
          <script key={index} nonce={nonce} src={script.src} async={script.async} defer={script.defer} type={script.type} id={script.id} suppressHydrationWarning />
        ) : (
          <script key={index} nonce={nonce} type={script.type} id={script.id} dangerouslySetInnerHTML={{ __html: script.code }} suppressHydrationWarning />
        ),
      )}
    </>
  )
}

function MenuEntry({ item }: { item: NavigationItem }) {
  if (item.children) {
    return (
      <Dropdown
        summaryLabel={item.title}
        summary={
          <>
            <span>{item.title}</span>
            <ChevronDown aria-hidden className="h-4 w-4" />
          </>
        }
        summaryClassName="px-3 py-2 text-[15px] font-medium text-slate-700 hover:text-brand-text"
        align="left"
      >
        {item.children.map((child) => (
          <Link key={child.id} to={child.url ?? '/'} className={menuRowClass}>
            {child.title}
          </Link>
        ))}
      </Dropdown>
    )
  }
  if (item.externalUrl && item.url) {
    return (
      <a href={item.url} target="_blank" rel="noopener noreferrer" className={menuLinkClass({ isActive: false })}>
        {item.title}
      </a>
    )
  }
  return (
    <NavLink to={item.url ?? '/'} prefetch="intent" className={menuLinkClass}>
      {item.title}
    </NavLink>
  )
}

/** The title band of a website page: its header and sub-header over the tenant's colours. */
export function PageHero({ header, subHeader }: { header: string; subHeader: string }) {
  if (!header && !subHeader) return null
  return (
    <section className="border-b border-slate-200 bg-gradient-to-br from-brand/10 via-white to-sky-50">
      <div className="mx-auto max-w-[1366px] px-4 py-14 sm:px-6 sm:py-20">
        {header ? <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{header}</h1> : null}
        {subHeader ? <p className="mt-4 max-w-2xl text-lg text-slate-600 sm:text-xl">{subHeader}</p> : null}
      </div>
    </section>
  )
}

/** A whole page-not-found page of the website, in its layout. */
export function PublicNotFoundPage({ shell }: { shell: Parameters<typeof PublicLayout>[0]['shell'] }) {
  return (
    <PublicLayout shell={shell}>
      <PageNotFound />
    </PublicLayout>
  )
}

/** The website's page-not-found view: the site around it stays usable. */
export function PageNotFound() {
  const { t } = useTranslation()
  return (
    <div className="py-20 text-center">
      <h1 className="text-3xl font-semibold text-slate-900">{t('pageNotFound')}</h1>
      <p className="mt-3 text-slate-600">{t('pageNotFoundText')}</p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-brand px-5 py-2.5 font-medium text-on-brand hover:bg-brand-dark">
        {t('goHome')}
      </Link>
    </div>
  )
}
