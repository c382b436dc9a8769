import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthPage, FieldError, FormAlert, inputClass, primaryButtonClass } from '#app/components/auth/auth-page'
import { getSessionUser } from '#app/utils/auth.server'
import { signedInRedirect } from '#app/utils/session.server'
import { registerSchema } from '#server/auth/auth-forms'
import { landingAfterLogin } from '#server/auth/landing-after-login'
import { normaliseFranchiseId, registerStudent } from '#server/auth/register-student'
import { safeRedirectPath } from '#server/auth/safe-redirect'
import { readSessionToken } from '#server/auth/session-cookie'

export const meta: MetaFunction = () => [{ title: 'Register' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'))
  const user = await getSessionUser(request, context)
  if (user && context.tenant) return redirect(await landingAfterLogin(context.platform, context.tenant, user.role, redirectTo))
  const tenant = context.tenant
  return {
    orgName: tenant?.name ?? null,
    // The host names the organisation; the bare platform host asks for it.
    orgId: tenant?.orgId ?? null,
    franchiseId: tenant ? normaliseFranchiseId(tenant.orgId, context.platform.env.MASTER_ORG_ID) : '',
    redirectTo,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  // On a tenant host the organisation is the host, whatever the form says.
  if (context.tenant) formData.set('orgId', context.tenant.orgId)
  const submission = parseWithZod(formData, {
    schema: registerSchema.refine((value) => value.orgId.length > 0, { path: ['orgId'], message: 'Organisation id is required!' }),
  })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const result = await registerStudent(context.platform, {
    hostTenant: context.tenant,
    orgId: submission.value.orgId,
    name: submission.value.name,
    lastName: submission.value.lastName,
    email: submission.value.email,
    password: submission.value.password,
    franchiseId: submission.value.franchiseId,
    redirectTo: submission.value.redirectTo ?? null,
    ip: context.ip,
    userAgent: request.headers.get('user-agent'),
    previousToken: readSessionToken(request.headers.get('cookie')),
  })
  if (result.ok) {
    const { session, tenant, landing } = result.value
    return signedInRedirect(context, { session, tenant, landing, rememberMe: false })
  }
  const { message } = result
  const reply = result.details.field
    ? submission.reply({ fieldErrors: { [result.details.field]: [message] }, hideFields: ['password'] })
    : submission.reply({ formErrors: [message], hideFields: ['password'] })
  // A taken email is a form error like any other here (400), not a 409 page.
  return data({ result: reply }, { status: result.error === 'rate_limited' ? 429 : 400 })
}

export default function RegisterRoute() {
  const { orgName, orgId, franchiseId, redirectTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'register-form',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
  })
  const text = (name: 'name' | 'lastName' | 'email' | 'orgId', label: string, type: 'text' | 'email', autoComplete: string) => (
    <div>
      <label htmlFor={fields[name].id} className="font-medium">
        {label}
      </label>
      <input {...getInputProps(fields[name], { type })} autoComplete={autoComplete} className={inputClass} />
      <FieldError id={fields[name].errorId} errors={fields[name].errors} />
    </div>
  )
  return (
    <AuthPage orgName={orgName} title="Register">
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormAlert id={form.errorId} errors={form.errors} />
        {orgId ? <input type="hidden" name="orgId" value={orgId} /> : text('orgId', 'Organisation id', 'text', 'organization')}
        <input type="hidden" name="franchiseId" value={franchiseId} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FieldError id={fields.franchiseId.errorId} errors={fields.franchiseId.errors} />
        {text('name', 'First name', 'text', 'given-name')}
        {text('lastName', 'Last name', 'text', 'family-name')}
        {text('email', 'Email', 'email', 'email')}
        <div>
          <label htmlFor={fields.password.id} className="font-medium">
            Password
          </label>
          <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="new-password" className={inputClass} />
          <p className="mt-1 text-xs text-slate-500">At least 8 characters.</p>
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={navigation.state === 'submitting'}>
          Register
        </button>
      </Form>
      <p className="mt-4 text-center text-sm text-slate-600">
        Already registered?{' '}
        <Link to="/login" className="font-medium text-brand hover:underline">
          Login
        </Link>
      </p>
    </AuthPage>
  )
}
