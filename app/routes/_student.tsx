import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { ShellError } from '#app/components/layout/shell-error'
import { StudentShell } from '#app/components/layout/student-shell'
import { requireStudentArea, signedInShellFor } from '#app/utils/navigation.server'

/** The student portal around /classes, /mycourses, ... */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireStudentArea(request, context)
  const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'student' })
  return data(shell, { headers })
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
  const loaded = useRouteLoaderData<typeof loader>('routes/_student')
  if (!loaded) return <ShellError homePath="/" />
  return (
    <StudentShell shell={loaded.shell} toast={null} session={loaded.session}>
      <ShellError homePath="/classes" />
    </StudentShell>
  )
}
