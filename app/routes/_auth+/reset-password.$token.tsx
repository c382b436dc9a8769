import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthPage, FieldError, FormAlert, inputClass, primaryButtonClass } from '#app/components/auth/auth-page'
import { requireTenant } from '#app/utils/tenant.server'
import { resetPasswordSchema } from '#server/auth/auth-forms'
import { isResetLinkUsable, resetPassword } from '#server/auth/password-reset'

export const meta: MetaFunction = () => [{ title: 'Choose a new password' }, { name: 'robots', content: 'noindex' }]

const INVALID_LINK_MESSAGE = 'This link has expired or has already been used. Ask for a new one.'

export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const usable = await isResetLinkUsable(context.platform, tenant, params.token ?? '')
  return data({ orgName: tenant.name, usable }, { headers: { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' } })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context)
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) }, { status: 400 })
  }
  const outcome = await resetPassword(context.platform, {
    tenant,
    token: params.token ?? '',
    password: submission.value.password,
    ip: context.ip,
  })
  if (outcome === 'invalid-link') {
    return data({ result: submission.reply({ formErrors: [INVALID_LINK_MESSAGE], hideFields: ['password', 'confirmPassword'] }) }, { status: 400 })
  }
  return redirect('/login?passwordChanged=1')
}

export default function ResetPasswordRoute() {
  const { orgName, usable } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'reset-password-form',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  })
  if (!usable && !actionData) {
    return (
      <AuthPage orgName={orgName} title="Choose a new password">
        <FormAlert errors={[INVALID_LINK_MESSAGE]} />
        <p className="mt-4 text-center text-sm">
          <Link to="/forgot-password" className="text-brand hover:underline">
            Send a new link
          </Link>
        </p>
      </AuthPage>
    )
  }
  return (
    <AuthPage orgName={orgName} title="Choose a new password">
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormAlert id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={fields.password.id} className="font-medium">
            New password
          </label>
          <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="new-password" className={inputClass} />
          <p className="mt-1 text-xs text-slate-500">At least 8 characters.</p>
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
        </div>
        <div>
          <label htmlFor={fields.confirmPassword.id} className="font-medium">
            Confirm new password
          </label>
          <input {...getInputProps(fields.confirmPassword, { type: 'password' })} autoComplete="new-password" className={inputClass} />
          <FieldError id={fields.confirmPassword.errorId} errors={fields.confirmPassword.errors} />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={navigation.state === 'submitting'}>
          Save new password
        </button>
      </Form>
    </AuthPage>
  )
}
