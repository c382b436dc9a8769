import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import type { ReactNode } from 'react'
import { siteIdentityFor } from '#server/website/site-identity'
import { ProgressBar } from '#app/components/layout/progress-bar'
import stylesheet from './styles/app.css'
import { useNonce } from './utils/nonce'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.ico', sizes: '16x16' },
]

export async function loader({ context }: LoaderFunctionArgs) {
  return { site: context.tenant ? siteIdentityFor(context.tenant) : null }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const title = data?.site?.title ?? 'Studio Platform'
  const description = data?.site?.description ?? 'Classes, courses, events and registrations, online.'
  return [{ title }, { name: 'description', content: description }]
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const data = useRouteLoaderData<typeof loader>('root')
  return (
    <html lang="en">
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
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const forbidden = isRouteErrorResponse(error) && error.status === 403
  const title = notFound ? 'Page not found' : forbidden ? 'Not allowed' : 'Something went wrong'
  const message = notFound
    ? 'The page you are looking for does not exist.'
    : forbidden
      ? 'You do not have access to this page.'
      : 'We could not show this page. Please try again in a moment.'
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-3 p-8 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600">{message}</p>
      <a href="/" className="mt-2 rounded bg-brand px-4 py-2 font-medium text-white">
        Go to Home Page
      </a>
    </main>
  )
}
