import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useRef, type FormEvent } from 'react'
import { AuthPage, FieldError, FormAlert, inputClass, primaryButtonClass } from '#app/components/auth/auth-page'
import { BotCheck, type BotCheckHandle } from '#app/components/forms/bot-check'
import { OrgSelectDialog } from '#app/components/auth/org-select-dialog'
import { setLoginTrace } from '#app/components/session/login-trace'
import { getSessionUser } from '#app/utils/auth.server'
import { readRememberedEmail, signedInRedirect } from '#app/utils/session.server'
import { loginSchema, selectOrgSchema } from '#server/auth/auth-forms'
import { authenticatorFor } from '#server/auth/authenticator'
import { isGoogleConfigured } from '#server/auth/google-sign-in'
import { landingAfterLogin } from '#server/auth/landing-after-login'
import { safeRedirectPath } from '#server/auth/safe-redirect'
import { readSessionToken } from '#server/auth/session-cookie'
import { orgChoiceAgain, signInToChosenOrganisation, type SignInResult } from '#server/auth/sign-in'
import { SELECT_ORG_DIALOG } from '#server/auth/sign-in-messages'

export const meta: MetaFunction = () => [{ title: 'Login' }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'))
  const user = await getSessionUser(request, context)
  if (user && context.tenant) return redirect(await landingAfterLogin(context.platform, context.tenant, user.role, redirectTo))
  return {
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

  if (formData.get('intent') === 'select-org') {
    const submission = parseWithZod(formData, { schema: selectOrgSchema })
    if (submission.status !== 'success') {
      // No choice made: the same dialog again, saying so, while the ticket is still good.
      const again = await orgChoiceAgain(context.platform, { hostTenant: context.tenant, ticket: formData.get('ticket') })
      if (again.ok) {
        return data({ kind: 'choose-org' as const, ticket: again.value.ticket, orgs: again.value.orgs, error: SELECT_ORG_DIALOG.noChoice }, { status: 400 })
      }
      return data({ kind: 'org-error' as const, message: again.message }, { status: 400 })
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
    return data({ kind: 'org-error' as const, message: message ?? 'Please sign in again.' }, { status: 400 })
  }

  const submission = parseWithZod(formData, { schema: loginSchema })
  if (submission.status !== 'success') {
    return data({ kind: 'form' as const, result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const result: SignInResult = await authenticatorFor(context, request).authenticate('password', request)
  if (!result.ok) {
    const message = result.error === 'not_found' ? 'We could not sign you in.' : result.message
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
  const { orgName, isPlatformHost, offersSignUp, redirectTo, rememberedEmail, googleConfigured, passwordChanged } = useLoaderData<typeof loader>()
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
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
    <AuthPage orgName={orgName} title="Login">
      {passwordChanged ? (
        <p role="status" className="mb-4 rounded border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          Your password has been changed. Login with your new password.
        </p>
      ) : null}
      {actionData?.kind === 'org-error' ? (
        <div className="mb-4">
          <FormAlert errors={[actionData.message]} />
        </div>
      ) : null}
      {isPlatformHost ? (
        <p className="mb-4 text-sm text-slate-600">Sign in with the email you use at your organisation.</p>
      ) : null}
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="login" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormAlert id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={fields.email.id} className="font-medium">
            Email
          </label>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" className={inputClass} />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <div>
          <label htmlFor={fields.password.id} className="font-medium">
            Password
          </label>
          <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="current-password" className={inputClass} />
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
        </div>
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2">
            <input {...getInputProps(fields.rememberMe, { type: 'checkbox' })} />
            Remember me
          </label>
          <Link to="/forgot-password" className="text-brand hover:underline">
            Forgot password?
          </Link>
        </div>
        {botCheckStamp ? <BotCheck key={botCheckStamp} ref={botCheck} stamp={botCheckStamp} disabled={false} /> : null}
        <button type="submit" className={primaryButtonClass} disabled={navigation.state === 'submitting'}>
          Login
        </button>
      </Form>
      <div className="mt-4 border-t border-slate-200 pt-4">
        {googleConfigured ? (
          <a href={googleHref} className="block w-full rounded border border-slate-300 px-4 py-2 text-center font-medium hover:bg-slate-50">
            Sign in with Google
          </a>
        ) : (
          <p className="text-center text-sm text-slate-500">Google sign-in is not configured for this site.</p>
        )}
      </div>
      <p className="mt-4 text-center text-sm text-slate-600">
        New here?{' '}
        <Link to={registerHref} className="font-medium text-brand hover:underline">
          Register
        </Link>
      </p>
      {offersSignUp ? (
        <p className="mt-2 text-center text-sm text-slate-600">
          Running a studio?{' '}
          <Link to="/getstarted" className="font-medium text-brand hover:underline">
            Get started
          </Link>
        </p>
      ) : null}
      {actionData?.kind === 'choose-org' ? <OrgSelectDialog ticket={actionData.ticket} orgs={actionData.orgs} error={actionData.error} /> : null}
    </AuthPage>
  )
}
