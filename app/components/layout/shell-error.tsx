import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'

/** The message shown in place of a screen that failed; the menus around it keep working. */
export function ShellError({ homePath }: { homePath: string }) {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const title = status === 404 ? 'Page not found' : status === 403 ? 'Not allowed' : 'Something went wrong'
  const message =
    status === 404
      ? 'This page does not exist or was removed.'
      : status === 403
        ? 'You do not have access to this page.'
        : 'We could not show this page. Please try again in a moment.'
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <p className="text-sm font-semibold text-brand">{status}</p>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <Link to={homePath} className="mt-6 inline-block rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark">
        Back to safety
      </Link>
    </div>
  )
}
