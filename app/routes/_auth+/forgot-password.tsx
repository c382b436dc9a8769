import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthPage, FieldError, FormAlert, inputClass, primaryButtonClass } from '#app/components/auth/auth-page'
import type { I18nHandle } from '#app/utils/i18n'
import { AUTH_FORM_MESSAGES, forgotPasswordSchemaWith } from '#server/auth/auth-forms'
import { requestPasswordReset, RESET_REQUESTED_MESSAGE } from '#server/auth/password-reset'
import { statusOf } from '#server/errors/error-codes'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'

export const handle: I18nHandle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Forgot password' }]

export async function loader({ context }: LoaderFunctionArgs) {
  return {
    title: tFor(context.language, 'auth')('forgotPasswordTitle'),
    // The browser's own checks speak the page's language (the schema is built with these).
    messages: translateMessages(context.language, AUTH_FORM_MESSAGES),
    orgName: context.tenant?.name ?? null,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const schema = forgotPasswordSchemaWith(translateMessages(context.language, AUTH_FORM_MESSAGES))
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return data({ sent: false as const, result: submission.reply() }, { status: 400 })
  const result = await requestPasswordReset(context.platform, {
    hostTenant: context.tenant,
    email: submission.value.email,
    requestUrl: new URL(request.url),
    ip: context.ip,
    // The email reads in the language of the page it was asked on.
    language: context.language,
  })
  if (!result.ok) {
    return data({ sent: false as const, result: submission.reply({ formErrors: [translateMessage(context.language, result.message)] }) }, { status: statusOf(result.error) })
  }
  return data({ sent: true as const, message: translateMessage(context.language, RESET_REQUESTED_MESSAGE), result: submission.reply({ resetForm: true }) })
}

export default function ForgotPasswordRoute() {
  const { messages, orgName } = useLoaderData<typeof loader>()
  const { t } = useTranslation('auth')
  const schema = useMemo(() => forgotPasswordSchemaWith(messages), [messages])
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'forgot-password-form',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  return (
    <AuthPage orgName={orgName} title={t('forgotPasswordTitle')}>
      {actionData?.sent ? (
        <div role="status" className="mb-4 rounded border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {actionData.message}
        </div>
      ) : (
        <p className="mb-4 text-sm text-slate-600">{t('forgotPasswordIntro')}</p>
      )}
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormAlert id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={fields.email.id} className="font-medium">
            {t('email')}
          </label>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" className={inputClass} />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={navigation.state === 'submitting'}>
          {t('sendResetLink')}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="text-brand hover:underline">
          {t('backToLogin')}
        </Link>
      </p>
    </AuthPage>
  )
}
