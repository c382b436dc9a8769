import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthPage, FieldError, FormAlert, inputClass, primaryButtonClass } from '#app/components/auth/auth-page'
import { getSessionUser } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { signedInRedirect } from '#app/utils/session.server'
import { AUTH_FORM_MESSAGES, registerSchemaWith } from '#server/auth/auth-forms'
import { landingAfterLogin } from '#server/auth/landing-after-login'
import { normaliseFranchiseId, registerStudent } from '#server/auth/register-student'
import { safeRedirectPath } from '#server/auth/safe-redirect'
import { readSessionToken } from '#server/auth/session-cookie'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'

export const handle: I18nHandle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Register' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'))
  const user = await getSessionUser(request, context)
  if (user && context.tenant) return redirect(await landingAfterLogin(context.platform, context.tenant, user.role, redirectTo))
  const tenant = context.tenant
  return {
    title: tFor(context.language, 'auth')('registerTitle'),
    // The browser's own checks speak the page's language (the schema is built with these).
    messages: translateMessages(context.language, AUTH_FORM_MESSAGES),
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
  const formMessages = translateMessages(context.language, AUTH_FORM_MESSAGES)
  const submission = parseWithZod(formData, {
    schema: registerSchemaWith(formMessages).refine((value) => value.orgId.length > 0, { path: ['orgId'], message: formMessages.orgIdRequired }),
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
  // Made in English, answered in the page's language.
  const message = translateMessage(context.language, result.message)
  const reply = result.details.field
    ? submission.reply({ fieldErrors: { [result.details.field]: [message] }, hideFields: ['password'] })
    : submission.reply({ formErrors: [message], hideFields: ['password'] })
  // A taken email is a form error like any other here (400), not a 409 page.
  return data({ result: reply }, { status: result.error === 'rate_limited' ? 429 : 400 })
}

export default function RegisterRoute() {
  const { messages, orgName, orgId, franchiseId, redirectTo } = useLoaderData<typeof loader>()
  const { t } = useTranslation('auth')
  const schema = useMemo(() => registerSchemaWith(messages), [messages])
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'register-form',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
    <AuthPage orgName={orgName} title={t('registerTitle')}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormAlert id={form.errorId} errors={form.errors} />
        {orgId ? <input type="hidden" name="orgId" value={orgId} /> : text('orgId', t('organisationId'), 'text', 'organization')}
        <input type="hidden" name="franchiseId" value={franchiseId} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FieldError id={fields.franchiseId.errorId} errors={fields.franchiseId.errors} />
        {text('name', t('firstName'), 'text', 'given-name')}
        {text('lastName', t('lastName'), 'text', 'family-name')}
        {text('email', t('email'), 'email', 'email')}
        <div>
          <label htmlFor={fields.password.id} className="font-medium">
            {t('password')}
          </label>
          <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="new-password" className={inputClass} />
          <p className="mt-1 text-xs text-slate-500">{t('passwordHint')}</p>
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={navigation.state === 'submitting'}>
          {t('register')}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm text-slate-600">
        {t('alreadyRegistered')}{' '}
        <Link to="/login" className="font-medium text-brand hover:underline">
          {t('login')}
        </Link>
      </p>
    </AuthPage>
  )
}
