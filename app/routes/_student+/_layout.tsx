import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import type { loader as RootLoader } from '#app/root'
import { ShellError, StandaloneShellError } from '#app/components/layout/shell-error'
import { StudentShell } from '#app/components/layout/student-shell'
import { requireStudentArea, signedInShellFor } from '#app/utils/navigation.server'
import type { I18nHandle } from '#app/utils/i18n'
import { portalToast } from '#app/utils/portal-toast.server'

/** The student portal draws with the portal's words. */
export const handle: I18nHandle = { i18n: ['portal'] }

/** The student portal around /classes, /mycourses, ... */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireStudentArea(request, context)
  const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'student' })
  return data({ ...shell, toast: portalToast(shell.toast, context.language) }, { headers })
}

export default function StudentLayout() {
  const { shell, toast, session } = useLoaderData<typeof loader>()
  return (
    <StudentShell shell={shell} toast={toast} session={session}>
      <Outlet />
    </StudentShell>
  )
}

export function ErrorBoundary() {
  const loaded = useRouteLoaderData<typeof loader>('routes/_student+/_layout')
  // The layout's own guard refused: no menus to keep, so the site's frame around the message.
  const root = useRouteLoaderData<typeof RootLoader>('root')
  if (!loaded) return <StandaloneShellError site={root?.site ?? null} />
  return (
    <StudentShell shell={loaded.shell} toast={null} session={loaded.session}>
      <ShellError homePath="/" />
    </StudentShell>
  )
}
