import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { codeOfStatus, type AppErrorCode } from '#server/errors/error-codes'
import { TenantLogo } from './tenant-logo'

/** The words a person reads for each kind of failure (common.json); the status comes from the one table in server/errors. */
const ERROR_KEYS = {
  not_found: { title: 'errorNotFoundTitle', message: 'errorNotFoundText' },
  forbidden: { title: 'errorForbiddenTitle', message: 'errorForbiddenText' },
  rate_limited: { title: 'errorRateLimitedTitle', message: 'errorRateLimitedText' },
  unavailable: { title: 'errorUnavailableTitle', message: 'errorUnavailableText' },
  internal: { title: 'errorInternalTitle', message: 'errorInternalText' },
} as const satisfies Partial<Record<AppErrorCode, { title: string; message: string }>>

/** The status of what a route threw: a Response keeps its own, anything else is a 500. */
export function errorStatusOf(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500
}

/**
 * The message shown in place of a screen that failed, inside the layout around it (the menus
 * keep working). Never shows what was thrown: a stack or a query is not for the person.
 */
export function ShellError({ homePath, homeLabel }: { homePath: string; homeLabel?: string }) {
  const { t } = useTranslation('common')
  const status = errorStatusOf(useRouteError())
  const code = codeOfStatus(status)
  const keys = code in ERROR_KEYS ? ERROR_KEYS[code as keyof typeof ERROR_KEYS] : ERROR_KEYS.internal
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" data-error-status={status}>
      <p className="text-sm font-semibold text-brand-text">{status}</p>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">{t(keys.title)}</h1>
      <p className="mt-2 text-slate-600">{t(keys.message)}</p>
      <Link to={homePath} className="mt-6 inline-block rounded-md bg-brand px-4 py-2 text-sm font-medium text-on-brand hover:bg-brand-dark">
        {homeLabel ?? t('backToSafety')}
      </Link>
    </div>
  )
}

type SiteHeader = { name: string; logoUrl: string | null; brandColours?: Readonly<Record<string, string>> } | null

/**
 * The same message on a page of its own, under the site's logo and name: for failures where the
 * layout around the screen could not be loaded (the root, or a layout whose own guard refused).
 */
export function StandaloneShellError({ site, homePath = '/', homeLabel }: { site: SiteHeader; homePath?: string; homeLabel?: string }) {
  const { t } = useTranslation('common')
  return (
    <div className="flex min-h-screen flex-col bg-slate-50" style={site?.brandColours as CSSProperties | undefined}>
      {/* Unknown after a failed post (Remix loads no data for the page then): no name is better than a wrong one. */}
      {site ? (
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-[1366px] items-center gap-3 px-4 py-3 sm:px-6">
            <a href="/" className="flex items-center gap-3">
              <TenantLogo name={site.name} logoUrl={site.logoUrl} className="h-10" />
              <span className={`text-lg font-semibold text-slate-900 ${site.logoUrl ? 'sr-only' : ''}`}>{site.name}</span>
            </a>
          </div>
        </header>
      ) : null}
      <main id="main" className="flex flex-1 items-center justify-center">
        <ShellError homePath={homePath} homeLabel={homeLabel ?? t('goHome')} />
      </main>
    </div>
  )
}
