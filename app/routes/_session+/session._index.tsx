import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AuthPage } from '#app/components/auth/auth-page'
import { FranchiseSwitchMenu, MasterViewButton } from '#app/components/session/franchise-controls'
import { AdminViewButton, PreviewMenu } from '#app/components/session/preview-controls'
import { SessionExpiryDialog } from '#app/components/session/session-expiry-dialog'
import { setLoginTrace } from '#app/components/session/login-trace'
import { requireUser } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { listFranchises } from '#server/auth/franchise-switch'
import { isStaffRole } from '#server/shell/roles'
import { tFor } from '#server/i18n/server-translator'
import type { I18nHandle } from '#app/utils/i18n'

export const handle: I18nHandle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Your session' }, { name: 'robots', content: 'noindex' }]

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
  const t = tFor(context.language, 'auth')
  const common = tFor(context.language, 'common')
  return {
    title: t('sessionTitle'),
    orgName: tenant.name,
    fullName: user.fullName,
    email: user.email,
    roleLabel: t(`sessionRole_${user.role}`),
    mode: user.isPreviewMode
      ? common('webPreview')
      : user.isStudentPreview && user.previewedByContactId !== user.contactId
        ? t('sessionModeAsContact')
        : user.isStudentPreview
          ? common('studentPreview')
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
  const { t } = useTranslation('auth')
  return (
    <AuthPage orgName={data.orgName} title={data.title}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{t('sessionSignedInAs')}</dt>
        <dd data-testid="session-name">{data.fullName}</dd>
        <dt className="text-slate-500">{t('email')}</dt>
        <dd>{data.email}</dd>
        <dt className="text-slate-500">{t('sessionRole')}</dt>
        <dd data-testid="session-role">{data.roleLabel}</dd>
        <dt className="text-slate-500">{t('sessionOrganisation')}</dt>
        <dd data-testid="session-org">{data.orgName}</dd>
        {data.mode ? (
          <>
            <dt className="text-slate-500">{t('sessionMode')}</dt>
            <dd data-testid="session-mode">{data.mode}</dd>
          </>
        ) : null}
        {data.isFranchiseMode ? (
          <>
            <dt className="text-slate-500">{t('sessionFranchise')}</dt>
            <dd data-testid="session-franchise">{t('sessionActingForMaster')}</dd>
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
            {t('logout', { ns: 'common' })}
          </button>
        </Form>
      </div>
      <SessionExpiryDialog expiresAt={data.expiresAt} refreshBufferMinutes={data.refreshBufferMinutes} />
    </AuthPage>
  )
}
