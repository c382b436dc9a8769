import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useMemo, useRef, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { botCheckWords } from '#app/components/forms/bot-check-words'
import { AuthPage, FieldError, FormAlert, inputClass, primaryButtonClass } from '#app/components/auth/auth-page'
import { BotCheck, type BotCheckHandle } from '#app/components/forms/bot-check'
import { OrgSelectDialog } from '#app/components/auth/org-select-dialog'
import { setLoginTrace } from '#app/components/session/login-trace'
import { getSessionUser } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { readRememberedEmail, signedInRedirect } from '#app/utils/session.server'
import { AUTH_FORM_MESSAGES, loginSchemaWith, selectOrgSchemaWith } from '#server/auth/auth-forms'
import { authenticatorFor } from '#server/auth/authenticator'
import { isGoogleConfigured } from '#server/auth/google-sign-in'
import { landingAfterLogin } from '#server/auth/landing-after-login'
import { safeRedirectPath } from '#server/auth/safe-redirect'
import { readSessionToken } from '#server/auth/session-cookie'
import { orgChoiceAgain, signInToChosenOrganisation, type SignInResult } from '#server/auth/sign-in'
import { LOGIN_PAGE_MESSAGES, SELECT_ORG_DIALOG } from '#server/auth/sign-in-messages'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'

export const handle: I18nHandle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Login' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'))
  const user = await getSessionUser(request, context)
  if (user && context.tenant) return redirect(await landingAfterLogin(context.platform, context.tenant, user.role, redirectTo))
  return {
    title: tFor(context.language, 'auth')('loginTitle'),
    // The browser's own checks speak the page's language (the schema is built with these).
    messages: translateMessages(context.language, AUTH_FORM_MESSAGES),
    orgName: context.tenant?.name ?? null,
    isPlatformHost: context.tenant === null,
    // The platform's own site offers a new organisation's sign-up.
    offersSignUp: context.tenant === null || context.tenant.isMaster,
    redirectTo,
    rememberedEmail: readRememberedEmail(request, context),
    googleConfigured: isGoogleConfigured(context.platform.env),
    passwordChanged: url.searchParams.get('passwordChanged') === '1',
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Signing in writes a session and the last sign-in time: nothing a cached page holds.
  const formData = await request.clone().formData()
  // Messages are made in English and answered in the page's language.
  const words = (message: string) => translateMessage(context.language, message)
  const formMessages = translateMessages(context.language, AUTH_FORM_MESSAGES)

  if (formData.get('intent') === 'select-org') {
    const submission = parseWithZod(formData, { schema: selectOrgSchemaWith(formMessages) })
    if (submission.status !== 'success') {
      // No choice made: the same dialog again, saying so, while the ticket is still good.
      const again = await orgChoiceAgain(context.platform, { hostTenant: context.tenant, ticket: formData.get('ticket') })
      if (again.ok) {
        return data({ kind: 'choose-org' as const, ticket: again.value.ticket, orgs: again.value.orgs, error: words(SELECT_ORG_DIALOG.noChoice) }, { status: 400 })
      }
      return data({ kind: 'org-error' as const, message: words(again.message) }, { status: 400 })
    }
    const result = await signInToChosenOrganisation(context.platform, {
      hostTenant: context.tenant,
      ticket: submission.value.ticket,
      unverifiedTenantId: submission.value.tenantId,
      ip: context.ip,
      userAgent: request.headers.get('user-agent'),
      previousToken: readSessionToken(request.headers.get('cookie')),
    })
    if (result.ok && result.value.kind === 'signed-in') return signedInRedirect(context, result.value)
    const message = !result.ok && result.error !== 'not_found' ? result.message : undefined
    return data({ kind: 'org-error' as const, message: words(message ?? LOGIN_PAGE_MESSAGES.signInAgain) }, { status: 400 })
  }

  const submission = parseWithZod(formData, { schema: loginSchemaWith(formMessages) })
  if (submission.status !== 'success') {
    return data({ kind: 'form' as const, result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const result: SignInResult = await authenticatorFor(context, request).authenticate('password', request)
  if (!result.ok) {
    const message = words(result.error === 'not_found' ? LOGIN_PAGE_MESSAGES.notSignedIn : result.message)
    // Every refusal re-draws the form (400); only the attempt limit answers 429.
    const status = result.error === 'rate_limited' ? 429 : 400
    const botCheck = result.details.botCheck ?? null
    return data({ kind: 'form' as const, result: submission.reply({ formErrors: [message], hideFields: ['password'] }), botCheck }, { status })
  }
  const next = result.value
  if (next.kind === 'signed-in') return signedInRedirect(context, { ...next, email: submission.value.email })
  return data({ kind: 'choose-org' as const, ticket: next.ticket, orgs: next.orgs, error: null })
}

export default function LoginRoute() {
  const { messages, orgName, isPlatformHost, offersSignUp, redirectTo, rememberedEmail, googleConfigured, passwordChanged } = useLoaderData<typeof loader>()
  const { t } = useTranslation('auth')
  const schema = useMemo(() => loginSchemaWith(messages), [messages])
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const submit = useSubmit()
  const botCheck = useRef<BotCheckHandle>(null)
  const lastResult = actionData?.kind === 'form' ? actionData.result : undefined
  // Asked for when many addresses have failed on this account (docs/decisions/050).
  const botCheckStamp = actionData?.kind === 'form' ? (actionData.botCheck?.stamp ?? null) : null
  const [form, fields] = useForm({
    id: 'login-form',
    lastResult,
    defaultValue: { email: rememberedEmail ?? '', rememberMe: rememberedEmail ? 'on' : undefined },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })

  // Whoever sees the sign-in form has no session here: a trace left behind goes.
  useEffect(() => setLoginTrace(false), [])

  // A refused sign-in clears the login trace (spec) and the password, never echoed back.
  const refused = actionData?.kind === 'form' && Boolean(form.errors?.length)
  useEffect(() => {
    if (!refused) return
    setLoginTrace(false)
    const password = document.getElementById(fields.password.id)
    if (password instanceof HTMLInputElement) password.value = ''
    // Only when a new answer arrives; `form` changes on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionData, refused])

  // With the bot check on the form, the post waits for its proof of work.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event)
    if (event.defaultPrevented || !botCheckStamp) return
    event.preventDefault()
    const element = event.currentTarget
    void (botCheck.current?.ready() ?? Promise.resolve()).then(() => submit(element, { method: 'post' }))
  }

  const googleHref = redirectTo ? `/auth/google?redirectTo=${encodeURIComponent(redirectTo)}` : '/auth/google'
  const registerHref = redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : '/register'
  return (
    <AuthPage orgName={orgName} title={t('loginTitle')}>
      {passwordChanged ? (
        <p role="status" className="mb-4 rounded border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {t('passwordChanged')}
        </p>
      ) : null}
      {actionData?.kind === 'org-error' ? (
        <div className="mb-4">
          <FormAlert errors={[actionData.message]} />
        </div>
      ) : null}
      {isPlatformHost ? (
        <p className="mb-4 text-sm text-slate-600">{t('platformHint')}</p>
      ) : null}
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="login" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormAlert id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={fields.email.id} className="font-medium">
            {t('email')}
          </label>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" className={inputClass} />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <div>
          <label htmlFor={fields.password.id} className="font-medium">
            {t('password')}
          </label>
          <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="current-password" className={inputClass} />
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
        </div>
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2">
            <input {...getInputProps(fields.rememberMe, { type: 'checkbox' })} />
            {t('rememberMe')}
          </label>
          <Link to="/forgot-password" className="text-brand hover:underline">
            {t('forgotPassword')}
          </Link>
        </div>
        {botCheckStamp ? <BotCheck key={botCheckStamp} ref={botCheck} stamp={botCheckStamp} disabled={false} words={botCheckWords((key) => t(key))} /> : null}
        <button type="submit" className={primaryButtonClass} disabled={navigation.state === 'submitting'}>
          {t('login')}
        </button>
      </Form>
      <div className="mt-4 border-t border-slate-200 pt-4">
        {googleConfigured ? (
          <a href={googleHref} className="block w-full rounded border border-slate-300 px-4 py-2 text-center font-medium hover:bg-slate-50">
            {t('signInWithGoogle')}
          </a>
        ) : (
          <p className="text-center text-sm text-slate-500">{t('googleNotConfigured')}</p>
        )}
      </div>
      <p className="mt-4 text-center text-sm text-slate-600">
        {t('newHere')}{' '}
        <Link to={registerHref} className="font-medium text-brand hover:underline">
          {t('register')}
        </Link>
      </p>
      {offersSignUp ? (
        <p className="mt-2 text-center text-sm text-slate-600">
          {t('runningAStudio')}{' '}
          <Link to="/getstarted" className="font-medium text-brand hover:underline">
            {t('getStarted')}
          </Link>
        </p>
      ) : null}
      {actionData?.kind === 'choose-org' ? <OrgSelectDialog ticket={actionData.ticket} orgs={actionData.orgs} error={actionData.error} /> : null}
    </AuthPage>
  )
}
