import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Mail, TriangleAlert, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { Button, ButtonLink, buttonClasses } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { Dialog } from '#app/components/ui/dialog'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireStaff } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { useIntegrationsWords, type IntegrationsKey } from '#app/components/integrations/use-integrations-words'
import type { I18nHandle } from '#app/utils/i18n'
import { translatedReply } from '#server/contacts/translated-reply'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { readCookieValue } from '#server/auth/session-cookie'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { completeEmailConnection, identifySubmittedEmail, startEmailConnection } from '#server/connected-emails/connect-email-account'
import { submitEmailSchema } from '#server/connected-emails/submit-email-schema'
import { connectDialogState, connectStepHref, continueHref, EMAIL_OAUTH_COOKIE, EMAIL_OAUTH_PATH, type ConnectDialogState } from '#server/connected-emails/connect-email-steps'
import { listEmailAccounts, revokeEmailAccount } from '#server/connected-emails/connected-email-accounts'
import { EMAIL_ACCOUNT_MESSAGES, EMAIL_PROVIDER_NAMES, type EmailProvider } from '#server/connected-emails/email-providers'
import { forbidden, responseFor } from '#server/errors/responses'
import { ROLE_ADMIN } from '#server/shell/roles'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Connect Email' }]

export const handle: I18nHandle = { i18n: ['integrations'] }

const PATH = EMAIL_OAUTH_PATH

/**
 * Any staff member, for their own mailboxes; not while acting on a franchise from the master
 * (the person belongs to another tenant, so the account would have no owner here).
 */
async function requireMailboxOwner(request: Request, context: LoaderFunctionArgs['context']) {
  const access = await requireStaff(request, context)
  if (access.user.isFranchiseMode) throw forbidden(translateMessage(context.language, EMAIL_ACCOUNT_MESSAGES.franchiseMode))
  return access
}

/**
 * /settings/integrations/emails (settings spec, Connected emails): each staff member's own
 * mailboxes at Google, Microsoft or Zoho, connected by OAuth to send mail to contacts from.
 * Outside the settings layout on purpose: that layout is for admins, and every staff member
 * connects their own mailbox here (see docs/decisions/136).
 *
 * The connect dialog's sections are addresses (`?step=...`); Continue is `?connect=1`, which
 * sends the browser to the provider's consent page; the provider sends it back here with
 * `?code&state`. Revoke asks first (`?revoke={id}`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user } = await requireMailboxOwner(request, context)
  const url = new URL(request.url)
  const { env } = context.platform
  const now = context.platform.clock.now()
  const secure = env.isProduction ? '; Secure' : ''
  const params = url.searchParams

  if (params.has('state') || params.has('code') || params.has('error')) {
    const done = await completeEmailConnection(context.platform, tenant.id, {
      code: params.get('code'),
      state: params.get('state'),
      error: params.get('error'),
      cookieValue: readCookieValue(request.headers.get('Cookie'), EMAIL_OAUTH_COOKIE),
      origin: tenantOrigin(tenant, url, env),
      contactId: user.contactId,
      now,
    })
    const clear = { 'Set-Cookie': `${EMAIL_OAUTH_COOKIE}=; Path=${PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secure}` }
    const toast = done.ok ? { type: 'success' as const, message: EMAIL_ACCOUNT_MESSAGES.connected(done.value.userName) } : { type: 'error' as const, message: done.message }
    throw redirectWithToast(PATH, toast, { headers: clear })
  }

  let refusal: string | null = null
  let dialog = connectDialogState(params)
  if (params.get('connect') === '1') {
    const parsed = submitEmailSchema.safeParse({ email: params.get('email') ?? '', isShareAccount: params.get('share') === '1' ? 'on' : undefined })
    if (parsed.success) {
      const started = await startEmailConnection(context.platform, {
        email: parsed.data.email,
        isShared: parsed.data.isShareAccount,
        contactId: user.contactId,
        tenantId: tenant.id,
        origin: tenantOrigin(tenant, url, env),
        now,
      })
      if (started.ok) {
        throw redirect(started.value.consentUrl, {
          headers: { 'Set-Cookie': `${EMAIL_OAUTH_COOKIE}=${started.value.cookieValue}; Path=${PATH}; HttpOnly; SameSite=Lax; Max-Age=900${secure}` },
        })
      }
      refusal = translateMessage(context.language, started.message)
      dialog = { step: 'submitEmail', email: parsed.data.email, isShared: parsed.data.isShareAccount }
    } else {
      refusal = translateMessage(context.language, EMAIL_ACCOUNT_MESSAGES.emailRequired)
      dialog = { step: 'submitEmail', email: '', isShared: false }
    }
  }

  const accounts = await listEmailAccounts(context.platform, tenant.id, { contactId: user.contactId, isAdmin: user.role === ROLE_ADMIN })
  const revokeId = params.get('revoke')
  const revoking = revokeId ? (accounts.find((account) => account.id === revokeId && account.canRevoke) ?? null) : null
  return {
    title: tFor(context.language, 'integrations')('emailsTitle'),
    accounts: accounts.map((account) => ({ ...account, connectedAt: account.connectedAt.toISOString() })),
    dialog,
    refusal,
    revoking: revoking ? { id: revoking.id, userName: revoking.userName } : null,
    emailRequired: translateMessage(context.language, EMAIL_ACCOUNT_MESSAGES.emailRequired),
  }
}

type IdentifyReply = { intent: 'identify'; result: SubmissionResult<string[]>; other: boolean }

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, user } = await requireMailboxOwner(request, context)
  const formData = await request.formData().catch(() => new FormData())
  const intent = formData.get('intent')
  const platform = context.platform

  if (intent === 'revoke') {
    const revoked = await revokeEmailAccount(platform, tenant.id, {
      unverifiedId: formData.get('id'),
      viewer: { contactId: user.contactId, isAdmin: user.role === ROLE_ADMIN },
      now: platform.clock.now(),
    })
    if (revoked.ok) return redirectWithToast(PATH, { type: 'success', message: EMAIL_ACCOUNT_MESSAGES.revoked })
    if (revoked.error === 'unavailable') return redirectWithToast(PATH, { type: 'error', message: revoked.message })
    throw responseFor(revoked)
  }

  if (intent !== 'identify') return data({ intent: 'unknown' as const, message: translateMessage(context.language, EMAIL_ACCOUNT_MESSAGES.unknownAction) }, { status: 400 })
  const submission = parseWithZod(formData, { schema: submitEmailSchema })
  if (submission.status !== 'success') return data<IdentifyReply>({ intent: 'identify', result: translatedReply(submission.reply(), context.language), other: false }, { status: 400 })
  const identified = await identifySubmittedEmail(platform, submission.value.email)
  if (!identified.ok) return data<IdentifyReply>({ intent: 'identify', result: translatedReply(submission.reply({ formErrors: [identified.message] }), context.language), other: false }, { status: 503 })
  const provider = identified.value.provider
  // An unrecognised provider shows the 'other' message and stays in submitEmail (settings spec).
  if (provider === 'other') return data<IdentifyReply>({ intent: 'identify', result: submission.reply(), other: true })
  return redirect(connectStepHref({ step: 'emailIdentified', email: submission.value.email, isShared: submission.value.isShareAccount, provider }))
}

export default function ConnectEmailRoute() {
  const { accounts, dialog, refusal, revoking, emailRequired } = useLoaderData<typeof loader>()
  const { t } = useIntegrationsWords()
  const reply = useActionData<typeof action>()
  const identifyReply = reply && reply.intent === 'identify' ? reply : null
  return (
    <div className="mx-auto max-w-5xl p-4 sm:p-6">
      <ScreenHeader title={t('emailsTitle')} backTo="/settings/integrations" />
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">{t('emailsIntro')}</p>
        <ButtonLink to={connectStepHref({ step: 'information' })} variant="primary" preventScrollReset>
          <Mail aria-hidden className="h-4 w-4" />
          {t('emailsConnectPersonal')}
        </ButtonLink>
      </div>
      <Table caption={t('emailsCaption')} hideCaption minWidth={560}>
        <TableHead>
          <HeaderCell>{t('emailsEmail')}</HeaderCell>
          <HeaderCell>{t('emailsUserName')}</HeaderCell>
          <HeaderCell>{t('emailsSharedAccount')}</HeaderCell>
          <HeaderCell>{t('emailsAction')}</HeaderCell>
        </TableHead>
        <TableBody columnCount={4} empty={t('emailsNoData')}>
          {accounts.map((account) => (
            <Row key={account.id} data-account={account.userName}>
              <Cell>
                <span className="flex items-center gap-2">
                  <ProviderMark provider={account.provider} />
                  <span className="break-all">{account.userName}</span>
                  {account.provider === 'zohomail' ? (
                    <span title={t('emailsZohoNotice')} className="inline-flex">
                      <TriangleAlert aria-hidden className="h-4 w-4 text-amber-600" />
                      <span className="sr-only">{t('emailsZohoNotice')}</span>
                    </span>
                  ) : null}
                </span>
              </Cell>
              <Cell>{account.isOwn ? t('emailsOwnerYou', { name: account.ownerName }) : account.ownerName}</Cell>
              <Cell>
                <input type="checkbox" checked={account.isShared} readOnly disabled aria-label={account.isShared ? t('emailsSharedYes') : t('emailsSharedNo')} className="h-4 w-4" />
              </Cell>
              <Cell>
                {account.canRevoke ? (
                  <Link
                    to={`${PATH}?revoke=${account.id}`}
                    preventScrollReset
                    aria-label={t('emailsRevokeAccessOf', { name: account.userName })}
                    className="inline-flex rounded-md p-1.5 text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-text"
                  >
                    <Trash2 aria-hidden className="h-4 w-4" />
                  </Link>
                ) : (
                  <span className="text-xs text-slate-600">{t('emailsSharedBy', { name: account.ownerName })}</span>
                )}
              </Cell>
            </Row>
          ))}
        </TableBody>
      </Table>
      {dialog ? <ConnectDialog state={dialog} refusal={refusal} reply={identifyReply} emailRequired={emailRequired} /> : null}
      {revoking ? (
        <ConfirmDialog
          title={t('emailsRevokeAccess')}
          message={t('emailsRevokeConfirm')}
          closeTo={PATH}
          intent="revoke"
          hiddenFields={[['id', revoking.id]]}
          width={350}
        />
      ) : null}
    </div>
  )
}

function ProviderMark({ provider }: { provider: EmailProvider }) {
  const colours: Record<EmailProvider, string> = { googlemail: 'bg-red-100 text-red-800', outlookmail: 'bg-sky-100 text-sky-900', zohomail: 'bg-amber-100 text-amber-900' }
  return <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${colours[provider]}`}>{EMAIL_PROVIDER_NAMES[provider]}</span>
}

/** What connecting a mailbox gives, said before the address is asked for, by their words. */
const INFORMATION_POINTS: readonly IntegrationsKey[] = ['emailsPointOwnAddress', 'emailsPointReplies', 'emailsPointSentFolder', 'emailsPointShare']

/** The connect dialog (780 px wide; no click outside closes it, only its close button). */
function ConnectDialog({ state, refusal, reply, emailRequired }: { state: ConnectDialogState; refusal: string | null; reply: IdentifyReply | null; emailRequired: string }) {
  const { t } = useIntegrationsWords()
  return (
    <Dialog title={t('emailsConnectYourEmail')} width={780} closeTo={PATH}>
      {state.step === 'information' ? (
        <div className="flex flex-col gap-4 text-sm text-slate-700">
          <p>{t('emailsInformationIntro')}</p>
          <ul className="list-disc space-y-1 pl-5">
            {INFORMATION_POINTS.map((point) => (
              <li key={point}>{t(point)}</li>
            ))}
          </ul>
          <div className="flex justify-end">
            <ButtonLink to={connectStepHref({ step: 'submitEmail', email: '', isShared: false })} variant="primary" preventScrollReset>
              {t('emailsConnectInbox')}
            </ButtonLink>
          </div>
        </div>
      ) : state.step === 'submitEmail' ? (
        <SubmitEmailStep state={state} refusal={refusal} reply={reply} emailRequired={emailRequired} />
      ) : (
        <IdentifiedStep state={state} />
      )}
    </Dialog>
  )
}

function SubmitEmailStep(props: { state: Extract<ConnectDialogState, { step: 'submitEmail' }>; refusal: string | null; reply: IdentifyReply | null; emailRequired: string }) {
  const { state, refusal, reply, emailRequired } = props
  const { t } = useIntegrationsWords()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'submit-email',
    lastResult: reply?.result ?? null,
    defaultValue: { email: state.email, isShareAccount: state.isShared ? 'on' : undefined },
    constraint: getZodConstraint(submitEmailSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: submitEmailSchema }),
  })
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'identify'
  // Next is disabled while the address is invalid (settings spec), once the page runs; without JavaScript the server says why.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const invalid = hydrated && !submitEmailSchema.shape.email.safeParse(fields.email.value ?? '').success
  const formErrors = [...(refusal ? [refusal] : []), ...(form.errors ?? [])]
  // The schema's one message, checked in the browser in English, shows in the page's language.
  const emailErrors = fields.email.errors?.map((message) => (message === EMAIL_ACCOUNT_MESSAGES.emailRequired ? emailRequired : message))
  return (
    // Posted to submitEmail's own address, so a refused or 'other' answer is drawn in the dialog.
    <Form method="post" action={connectStepHref({ step: 'submitEmail', email: '', isShared: false })} {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="identify" />
      {reply?.other ? (
        <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-medium">{t('emailsOther')}</p>
          <p>{t('emailsOtherHelp')}</p>
        </div>
      ) : null}
      {formErrors.length ? (
        <p id={form.errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formErrors.join(' ')}
        </p>
      ) : null}
      <Field id={fields.email.id} label={t('emailsEmail')} errors={emailErrors} required>
        {(control) => <input {...getInputProps(fields.email, { type: 'email' })} {...control} autoComplete="email" autoFocus className={FIELD_INPUT_CLASSES} />}
      </Field>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input {...getInputProps(fields.isShareAccount, { type: 'checkbox' })} className="mt-0.5 h-4 w-4" aria-describedby="share-hint" />
        <span>
          {t('emailsShareAccount')}
          <span id="share-hint" className="block text-slate-600">
            {t('emailsShareHint')}
          </span>
        </span>
      </label>
      <div className="flex justify-end">
        <Button type="submit" variant="primary" busy={busy} disabled={invalid}>
          {t('next')}
        </Button>
      </div>
    </Form>
  )
}

function IdentifiedStep({ state }: { state: Extract<ConnectDialogState, { step: 'emailIdentified' | 'emailIdentifiedAndConfirmed' }> }) {
  const { t } = useIntegrationsWords()
  const name = EMAIL_PROVIDER_NAMES[state.provider]
  return (
    <div className="flex flex-col gap-4 text-sm text-slate-700">
      <p className="flex flex-wrap items-center gap-2">
        <ProviderMark provider={state.provider} />
        <span className="break-all font-medium text-slate-900">{state.email}</span>
        {state.isShared ? <span className="text-slate-600">{t('emailsSharedWithStaff')}</span> : null}
      </p>
      {state.step === 'emailIdentified' ? <p>{t('emailsFound', { name })}</p> : <p>{t('emailsAlmostDone', { name, email: state.email })}</p>}
      {state.provider === 'zohomail' ? (
        <p role="note" className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
          <TriangleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {t('emailsZohoNotice')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={connectStepHref({ step: 'submitEmail', email: '', isShared: false })} preventScrollReset className="font-medium text-brand-text underline-offset-2 hover:underline">
          {t('emailsConnectDifferent')}
        </Link>
        {state.step === 'emailIdentified' ? (
          <ButtonLink to={connectStepHref({ ...state, step: 'emailIdentifiedAndConfirmed' })} variant="primary" preventScrollReset>
            {t('connect')}
          </ButtonLink>
        ) : (
          // A document link: the provider's consent page is another site.
          <a href={continueHref(state)} className={buttonClasses({ variant: 'primary' })}>
            {t('continue')}
          </a>
        )}
      </div>
    </div>
  )
}
