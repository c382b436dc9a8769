import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { siteIdentityFor } from '#server/website/site-identity'
import { tFor } from '#server/i18n/server-translator'
import { ProgressBar } from '#app/components/layout/progress-bar'
import { StandaloneShellError } from '#app/components/layout/shell-error'
import stylesheet from './styles/app.css'
import { useNonce } from './utils/nonce'
import { I18N_BOOT_ID, pageNamespaces, type I18nBoot } from './utils/i18n'
import { pageHydrates } from './utils/static-page'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.ico', sizes: '16x16' },
]

export async function loader({ context }: LoaderFunctionArgs) {
  const t = tFor(context.language, 'common')
  return {
    site: context.tenant ? siteIdentityFor(context.tenant) : null,
    // In the page's language, for meta functions that write a title without their own words (page-title.ts).
    words: { notFound: t('errorNotFoundTitle'), platformDescription: t('platformDescription') },
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const title = data?.site?.title ?? 'Studio Platform'
  const description = data?.site?.description ?? data?.words.platformDescription ?? 'Classes, courses, events and registrations, online.'
  return [{ title }, { name: 'description', content: description }]
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const data = useRouteLoaderData<typeof loader>('root')
  const matches = useMatches()
  const hydrates = pageHydrates(matches)
  const { i18n } = useTranslation()
  return (
    <html lang={i18n.language} data-hydrates={hydrates ? undefined : 'false'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {data?.site?.faviconUrl ? <link rel="icon" href={data.site.faviconUrl} sizes="16x16" /> : null}
      </head>
      <body className="min-h-screen">
        <ProgressBar />
        {children}
        {hydrates ? (
          <>
            <I18nBootScript namespaces={pageNamespaces(matches)} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  )
}

/**
 * The page's language and the words its routes draw with, for the browser's i18next to start
 * from (entry.client.tsx): the same words the server used, so hydration matches. JSON in a
 * script element is data, not code; '<' is escaped so no text can close the element.
 */
function I18nBootScript({ namespaces }: { namespaces: readonly string[] }) {
  const { i18n } = useTranslation()
  const nonce = useNonce()
  const language = i18n.language
  const boot: I18nBoot = {
    language,
    resources: Object.fromEntries(namespaces.flatMap((namespace) => {
      const words = i18n.getResourceBundle(language, namespace) as Record<string, string> | undefined
      return words ? [[namespace, words]] : []
    })),
  }
  return <script id={I18N_BOOT_ID} type="application/json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: JSON.stringify(boot).replace(/</g, '\\u003c') }} />
}

export default function App() {
  return <Outlet />
}

/**
 * Failures outside the staff and student layouts (public pages, forms, sign-in): the site's
 * logo and name above the message, so a 404 or a 403 still looks like the studio's website.
 * Signed-in people following 'Go to Home Page' land on their own home by the landing rules.
 */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('root')
  return <StandaloneShellError site={data?.site ?? null} />
}
