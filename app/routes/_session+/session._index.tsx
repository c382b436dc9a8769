import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { AuthPage } from '#app/components/auth/auth-page'
import { FranchiseSwitchMenu, MasterViewButton } from '#app/components/session/franchise-controls'
import { AdminViewButton, PreviewMenu } from '#app/components/session/preview-controls'
import { SessionExpiryDialog } from '#app/components/session/session-expiry-dialog'
import { setLoginTrace } from '#app/components/session/login-trace'
import { requireUser } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { listFranchises } from '#server/auth/franchise-switch'
import { isStaffRole, roleLabel } from '#server/shell/roles'

export const meta: MetaFunction = () => [{ title: 'Your session' }, { name: 'robots', content: 'noindex' }]

/**
 * /session: who you are signed in as, in which organisation and mode, with the session
 * controls (preview, Admin View, franchise switch, Master View, logout) as plain forms.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context)
  const tenant = requireTenant(context)
  const previewing = user.isPreviewMode || user.isStudentPreview
  const mayPreview = isStaffRole(user.role) && !previewing
  const franchises = mayPreview && !user.isFranchiseMode ? await listFranchises(context.platform, tenant) : []
  return {
    orgName: tenant.name,
    fullName: user.fullName,
    email: user.email,
    roleLabel: roleLabel(user.role),
    mode: user.isPreviewMode
      ? 'Web Preview'
      : user.isStudentPreview && user.previewedByContactId !== user.contactId
        ? 'Preview as a contact'
        : user.isStudentPreview
          ? 'Student Preview'
          : null,
    isFranchiseMode: user.isFranchiseMode,
    previewing,
    mayPreview,
    franchises,
    expiresAt: user.expiresAt,
    refreshBufferMinutes: context.platform.env.SESSION_REFRESH_BUFFER_MINUTES,
  }
}

export default function SessionRoute() {
  const data = useLoaderData<typeof loader>()
  return (
    <AuthPage orgName={data.orgName} title="Your session">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">Signed in as</dt>
        <dd data-testid="session-name">{data.fullName}</dd>
        <dt className="text-slate-500">Email</dt>
        <dd>{data.email}</dd>
        <dt className="text-slate-500">Role</dt>
        <dd data-testid="session-role">{data.roleLabel}</dd>
        <dt className="text-slate-500">Organisation</dt>
        <dd data-testid="session-org">{data.orgName}</dd>
        {data.mode ? (
          <>
            <dt className="text-slate-500">Mode</dt>
            <dd data-testid="session-mode">{data.mode}</dd>
          </>
        ) : null}
        {data.isFranchiseMode ? (
          <>
            <dt className="text-slate-500">Franchise</dt>
            <dd data-testid="session-franchise">Acting for the master franchise</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-6 flex flex-col gap-3">
        {data.mayPreview ? <PreviewMenu /> : null}
        {data.previewing ? <AdminViewButton /> : null}
        <FranchiseSwitchMenu franchises={data.franchises} />
        {data.isFranchiseMode ? <MasterViewButton /> : null}
        <Form method="post" action="/logout" onSubmit={() => setLoginTrace(false)}>
          <button type="submit" className="rounded border border-slate-300 px-3 py-1.5 text-sm font-medium">
            Logout
          </button>
        </Form>
      </div>
      <SessionExpiryDialog expiresAt={data.expiresAt} refreshBufferMinutes={data.refreshBufferMinutes} />
    </AuthPage>
  )
}
