import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthPage, FormAlert, primaryButtonClass } from '#app/components/auth/auth-page'
import { requireTenant } from '#app/utils/tenant.server'
import {
  confirmEmailVerification,
  EMAIL_VERIFIED_MESSAGE,
  VERIFICATION_LINK_INVALID_MESSAGE,
  verificationLinkAddress,
} from '#server/auth/email-verification'

export const meta: MetaFunction = () => [{ title: 'Verify your email' }, { name: 'robots', content: 'noindex' }]

const privateHeaders = { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' }

/**
 * The link of a verification email (website spec 7: PUT contact/{id}/verification). Opening it
 * changes nothing, so a mail scanner that follows links uses nothing up: the person presses
 * 'Verify email', and the post marks the address verified.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const address = await verificationLinkAddress(context.platform, tenant, params.token ?? '')
  return data({ orgName: tenant.name, address }, { headers: privateHeaders })
}

export async function action({ params, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context)
  const outcome = await confirmEmailVerification(context.platform, { tenant, token: params.token ?? '', ip: context.ip || null })
  if (outcome === 'invalid-link') return data({ verified: false as const }, { status: 400, headers: privateHeaders })
  return data({ verified: true as const }, { headers: privateHeaders })
}

export default function VerifyEmailRoute() {
  const { orgName, address } = useLoaderData<typeof loader>()
  const outcome = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  if (outcome?.verified) {
    return (
      <AuthPage orgName={orgName} title={EMAIL_VERIFIED_MESSAGE}>
        <p role="status" className="rounded border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {EMAIL_VERIFIED_MESSAGE}. Thank you for confirming your email address.
        </p>
        <p className="mt-4 text-center text-sm">
          <Link to="/login" className="text-brand hover:underline">
            Go to login
          </Link>
        </p>
      </AuthPage>
    )
  }
  if (!address || outcome) {
    return (
      <AuthPage orgName={orgName} title="Verify your email">
        <FormAlert errors={[VERIFICATION_LINK_INVALID_MESSAGE]} />
      </AuthPage>
    )
  }
  return (
    <AuthPage orgName={orgName} title="Verify your email">
      <Form method="post" className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          Confirm that <span className="font-medium">{address}</span> is your email address.
        </p>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          Verify email
        </button>
      </Form>
    </AuthPage>
  )
}
