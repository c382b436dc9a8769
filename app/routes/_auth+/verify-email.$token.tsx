import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Trans, useTranslation } from 'react-i18next'
import { AuthPage, FormAlert, primaryButtonClass } from '#app/components/auth/auth-page'
import type { I18nHandle } from '#app/utils/i18n'
import { requireTenant } from '#app/utils/tenant.server'
import { confirmEmailVerification, VERIFICATION_LINK_INVALID_MESSAGE, verificationLinkAddress } from '#server/auth/email-verification'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'

export const handle: I18nHandle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Verify your email' }, { name: 'robots', content: 'noindex' }]

const privateHeaders = { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' }

/**
 * The link of a verification email (website spec 7: PUT contact/{id}/verification). Opening it
 * changes nothing, so a mail scanner that follows links uses nothing up: the person presses
 * 'Verify email', and the post marks the address verified.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const address = await verificationLinkAddress(context.platform, tenant, params.token ?? '')
  const title = tFor(context.language, 'auth')('verifyEmailTitle')
  return data({ title, invalidLink: translateMessage(context.language, VERIFICATION_LINK_INVALID_MESSAGE), orgName: tenant.name, address }, { headers: privateHeaders })
}

export async function action({ params, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context)
  const outcome = await confirmEmailVerification(context.platform, { tenant, token: params.token ?? '', ip: context.ip || null })
  if (outcome === 'invalid-link') return data({ verified: false as const }, { status: 400, headers: privateHeaders })
  return data({ verified: true as const }, { headers: privateHeaders })
}

export default function VerifyEmailRoute() {
  const { invalidLink, orgName, address } = useLoaderData<typeof loader>()
  const { t } = useTranslation('auth')
  const outcome = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  if (outcome?.verified) {
    return (
      <AuthPage orgName={orgName} title={t('emailVerified')}>
        <p role="status" className="rounded border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {t('emailVerifiedThanks')}
        </p>
        <p className="mt-4 text-center text-sm">
          <Link to="/login" className="text-brand hover:underline">
            {t('goToLogin')}
          </Link>
        </p>
      </AuthPage>
    )
  }
  if (!address || outcome) {
    return (
      <AuthPage orgName={orgName} title={t('verifyEmailTitle')}>
        <FormAlert errors={[invalidLink]} />
      </AuthPage>
    )
  }
  return (
    <AuthPage orgName={orgName} title={t('verifyEmailTitle')}>
      <Form method="post" className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          <Trans t={t} i18nKey="confirmAddress" values={{ address }} components={{ address: <span className="font-medium" /> }} />
        </p>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {t('verifyEmail')}
        </button>
      </Form>
    </AuthPage>
  )
}
