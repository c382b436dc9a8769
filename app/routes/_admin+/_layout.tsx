import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import type { loader as RootLoader } from '#app/root'
import { ShellError, StandaloneShellError } from '#app/components/layout/shell-error'
import { StaffShell } from '#app/components/layout/staff-shell'
import { requireStaffArea, signedInShellFor } from '#app/utils/navigation.server'

/** The staff back office around every /dashboard, /settings, ... screen. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireStaffArea(request, context)
  const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'staff' })
  return data(shell, { headers })
}

export default function StaffLayout() {
  const { shell, toast, sidebarFolded, session } = useLoaderData<typeof loader>()
  return (
    <StaffShell shell={shell} toast={toast} sidebarFolded={sidebarFolded} session={session}>
      <Outlet />
    </StaffShell>
  )
}

export function ErrorBoundary() {
  const loaded = useRouteLoaderData<typeof loader>('routes/_admin+/_layout')
  // The layout's own guard refused: no menus to keep, so the site's frame around the message.
  const root = useRouteLoaderData<typeof RootLoader>('root')
  if (!loaded) return <StandaloneShellError site={root?.site ?? null} />
  return (
    <StaffShell shell={loaded.shell} toast={null} sidebarFolded={loaded.sidebarFolded} session={loaded.session}>
      <ShellError homePath="/dashboard" />
    </StaffShell>
  )
}
