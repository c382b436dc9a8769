import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthPage, FieldError, FormAlert, inputClass, primaryButtonClass } from '#app/components/auth/auth-page'
import { forgotPasswordSchema } from '#server/auth/auth-forms'
import { requestPasswordReset, RESET_REQUESTED_MESSAGE } from '#server/auth/password-reset'
import { statusOf } from '#server/errors/error-codes'

export const meta: MetaFunction = () => [{ title: 'Forgot password' }]

export async function loader({ context }: LoaderFunctionArgs) {
  return { orgName: context.tenant?.name ?? null }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema })
  if (submission.status !== 'success') return data({ sent: false as const, result: submission.reply() }, { status: 400 })
  const result = await requestPasswordReset(context.platform, {
    hostTenant: context.tenant,
    email: submission.value.email,
    requestUrl: new URL(request.url),
    ip: context.ip,
  })
  if (!result.ok) {
    return data({ sent: false as const, result: submission.reply({ formErrors: [result.message] }) }, { status: statusOf(result.error) })
  }
  return data({ sent: true as const, result: submission.reply({ resetForm: true }) })
}

export default function ForgotPasswordRoute() {
  const { orgName } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'forgot-password-form',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  })
  return (
    <AuthPage orgName={orgName} title="Forgot password">
      {actionData?.sent ? (
        <div role="status" className="mb-4 rounded border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {RESET_REQUESTED_MESSAGE}
        </div>
      ) : (
        <p className="mb-4 text-sm text-slate-600">Enter the email of your account and we will send you a link to choose a new password.</p>
      )}
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormAlert id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={fields.email.id} className="font-medium">
            Email
          </label>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" className={inputClass} />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={navigation.state === 'submitting'}>
          Send reset link
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="text-brand hover:underline">
          Back to login
        </Link>
      </p>
    </AuthPage>
  )
}
