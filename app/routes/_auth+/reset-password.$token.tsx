import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthPage, FieldError, FormAlert, inputClass, primaryButtonClass } from '#app/components/auth/auth-page'
import type { I18nHandle } from '#app/utils/i18n'
import { requireTenant } from '#app/utils/tenant.server'
import { AUTH_FORM_MESSAGES, resetPasswordSchemaWith } from '#server/auth/auth-forms'
import { isResetLinkUsable, resetPassword, RESET_LINK_INVALID_MESSAGE } from '#server/auth/password-reset'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'

export const handle: I18nHandle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Choose a new password' }, { name: 'robots', content: 'noindex' }]

export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const usable = await isResetLinkUsable(context.platform, tenant, params.token ?? '')
  const language = context.language
  return data(
    {
      title: tFor(language, 'auth')('newPasswordTitle'),
      // The browser's own checks speak the page's language (the schema is built with these).
      messages: translateMessages(language, AUTH_FORM_MESSAGES),
      invalidLink: translateMessage(language, RESET_LINK_INVALID_MESSAGE),
      orgName: tenant.name,
      usable,
    },
    { headers: { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' } },
  )
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context)
  const schema = resetPasswordSchemaWith(translateMessages(context.language, AUTH_FORM_MESSAGES))
  const submission = parseWithZod(await request.formData(), { schema })
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
    return data({ result: submission.reply({ formErrors: [translateMessage(context.language, RESET_LINK_INVALID_MESSAGE)], hideFields: ['password', 'confirmPassword'] }) }, { status: 400 })
  }
  return redirect('/login?passwordChanged=1')
}

export default function ResetPasswordRoute() {
  const { messages, invalidLink, orgName, usable } = useLoaderData<typeof loader>()
  const { t } = useTranslation('auth')
  const schema = useMemo(() => resetPasswordSchemaWith(messages), [messages])
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'reset-password-form',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  if (!usable && !actionData) {
    return (
      <AuthPage orgName={orgName} title={t('newPasswordTitle')}>
        <FormAlert errors={[invalidLink]} />
        <p className="mt-4 text-center text-sm">
          <Link to="/forgot-password" className="text-brand hover:underline">
            {t('sendNewLink')}
          </Link>
        </p>
      </AuthPage>
    )
  }
  return (
    <AuthPage orgName={orgName} title={t('newPasswordTitle')}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormAlert id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={fields.password.id} className="font-medium">
            {t('newPassword')}
          </label>
          <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="new-password" className={inputClass} />
          <p className="mt-1 text-xs text-slate-500">{t('passwordHint')}</p>
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
        </div>
        <div>
          <label htmlFor={fields.confirmPassword.id} className="font-medium">
            {t('confirmNewPassword')}
          </label>
          <input {...getInputProps(fields.confirmPassword, { type: 'password' })} autoComplete="new-password" className={inputClass} />
          <FieldError id={fields.confirmPassword.errorId} errors={fields.confirmPassword.errors} />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={navigation.state === 'submitting'}>
          {t('saveNewPassword')}
        </button>
      </Form>
    </AuthPage>
  )
}
