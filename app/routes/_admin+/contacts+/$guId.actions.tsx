import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useRevalidator } from '@remix-run/react'
import { ArrowLeft, Download, RefreshCw } from 'lucide-react'
import { useEffect } from 'react'
import { CONTACT_ACTION_MESSAGES } from '#server/contacts/actions/action-messages'
import { findContactActionSummary } from '#server/contacts/actions/contact-action-summary'
import { CONTACT_EMAIL_LIMITS, contactEmailSchema } from '#server/contacts/actions/contact-email-schema'
import type { ContactMailResult } from '#server/contacts/actions/mail-contact'
import { requestEmailVerification } from '#server/contacts/actions/request-email-verification'
import { sendContactEmail } from '#server/contacts/actions/send-contact-email'
import { sendCredentials } from '#server/contacts/actions/send-credentials'
import { sendPasswordReset } from '#server/contacts/actions/send-password-reset'
import { latestActivityReport, requestActivityReport, type ActivityReportState } from '#server/contacts/activity-report/activity-report-requests'
import { statusOf } from '#server/errors/error-codes'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { notFound } from '#server/errors/responses'
import { screenMeta } from '#app/components/layout/page-title'
import { PageHeader } from '#app/components/layout/page-header'
import { ContactActions } from '#app/components/contacts/contact-actions'
import {
  actionsPath,
  activityReportPath,
  confirmationOf,
  isConfirmedIntent,
  type ContactActionReply,
} from '#app/components/contacts/contact-action-intents'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { requirePermission } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'
import type { I18nHandle } from '#app/utils/i18n'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'
import { useEmailFormMessages } from '#app/components/contacts/use-form-messages'

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => screenMeta(matches, page?.title ?? 'Contact not found')

export const handle: I18nHandle = { i18n: ['contacts'] }

/**
 * A contact's actions as a page (website spec 7, Contacts): the menu, the 'Send email' form and
 * the activity report's state. Every action posts here; without JavaScript this is where each
 * one lands, with its toast, and where a sending action asks for confirmation (?confirm=...).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const found = await findContactActionSummary({ database: context.platform.database, tenant, unverifiedGuid: params.guId })
  if (!found) throw notFound('Contact not found')
  const report = await latestActivityReport(context.platform, tenant, found.id)
  const confirm = new URL(request.url).searchParams.get('confirm')
  const { id: _rowId, ...contact } = found
  const t = tFor(context.language, 'contacts')
  return { title: t('actionsPage_title', { name: contact.fullName }), contact, report, confirm: isConfirmedIntent(confirm) ? confirm : null }
}

type EmailReply = ContactActionReply & { result?: SubmissionResult<string[]> }

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenant, user } = await requirePermission(request, context, 'showContacts')
  // A body that is not a form at all is read as an empty one: a message, not a 500.
  const formData = await request.formData().catch(() => new FormData())
  const intent = String(formData.get('intent') ?? '')
  const asJson = formData.get('reply') === 'json'
  const { platform } = context
  const input = {
    tenant,
    unverifiedGuid: params.guId,
    actor: { contactId: user.contactId, fullName: user.fullName, ip: context.ip || null },
    requestUrl: new URL(request.url),
  }
  const page = actionsPath(String(params.guId))
  // Toasts of a redirect are put in the page's language by the layout; a fetcher's reply is answered in it here.
  const said = (message: string) => translateMessage(context.language, message)

  const answer = (result: ContactMailResult, extra: Partial<EmailReply> = {}) => {
    if (!result.ok) {
      if (result.error === 'not_found') throw notFound('Contact not found')
      const reply: EmailReply = { intent, type: 'error', message: said(result.message ?? ''), ...extra }
      return data(reply, { status: statusOf(result.error) })
    }
    if (asJson) return data<EmailReply>({ intent, type: 'success', message: said(result.value.message) })
    return redirectWithToast(page, { type: 'success', message: result.value.message })
  }

  switch (intent) {
    case 'send-credentials':
      return answer(await sendCredentials(platform, input))
    case 'reset-password':
      return answer(await sendPasswordReset(platform, input))
    case 'request-verification':
      return answer(await requestEmailVerification(platform, input))
    case 'send-email': {
      const submission = parseWithZod(formData, { schema: contactEmailSchema })
      if (submission.status !== 'success') {
        // Another tenant's (or no) contact is a 404 even when the form is also wrong.
        if (!(await findContactActionSummary({ database: platform.database, tenant, unverifiedGuid: params.guId }))) throw notFound('Contact not found')
        const reply: EmailReply = { intent, type: 'error', message: said('Please correct the highlighted fields.'), result: submission.reply() }
        return data(reply, { status: 400 })
      }
      const result = await sendContactEmail(platform, { ...input, email: submission.value })
      return answer(result, result.ok ? {} : { result: submission.reply({ formErrors: result.message ? [result.message] : [] }) })
    }
    case 'activity-report': {
      const result = await requestActivityReport(platform, { tenant, unverifiedGuid: params.guId, actorContactId: user.contactId })
      if (!result.ok) throw notFound('Contact not found')
      if (asJson) return data<EmailReply>({ intent, type: 'success', message: said(CONTACT_ACTION_MESSAGES.reportQueued), reportId: result.value.reportId })
      return redirectWithToast(`${page}#activity-report`, { type: 'success', message: CONTACT_ACTION_MESSAGES.reportQueued })
    }
    default: {
      if (!(await findContactActionSummary({ database: platform.database, tenant, unverifiedGuid: params.guId }))) throw notFound('Contact not found')
      return data<EmailReply>({ intent, type: 'error', message: said(CONTACT_ACTION_MESSAGES.unknownAction) }, { status: 400 })
    }
  }
}

export default function ContactActionsRoute() {
  const { contact, report, confirm } = useLoaderData<typeof loader>()
  const { t } = useContactsWords()
  const actionData = useActionData<typeof action>()
  const location = useLocation()
  const page = actionsPath(contact.guId)
  const refusal = actionData && actionData.type === 'error' && actionData.intent !== 'send-email' ? actionData.message : null
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 p-4 sm:p-6">
      <Link to={`/contacts/${contact.guId}/detail`} className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-brand-text hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {t('actionsPage_back')}
      </Link>
      <PageHeader
        title={contact.fullName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{contact.email ?? t('actions_noEmail')}</span>
            {contact.email ? <Badge on={contact.isEmailVerified}>{contact.isEmailVerified ? t('actionsPage_emailVerified') : t('actionsPage_emailNotVerified')}</Badge> : null}
            <Badge on={contact.hasLogin}>{contact.hasLogin ? t('actionsPage_hasLogin') : t('actionsPage_noLogin')}</Badge>
          </span>
        }
        actions={<ContactActions contact={contact} />}
      />
      {refusal ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      {/* Drawn afresh after each navigation: a sent message leaves an empty form; a refused one comes back from its reply. */}
      <SendEmailCard key={location.key} email={contact.email} guId={contact.guId} lastResult={actionData?.intent === 'send-email' ? (actionData.result ?? null) : null} />
      <ActivityReportCard guId={contact.guId} report={report} />
      {confirm ? <ConfirmDialog {...confirmationOf(confirm, contact, t)} yesVariant="primary" closeTo={page} action={page} intent={confirm} /> : null}
    </div>
  )
}

/** A small state label beside the contact's email: green when it is so, grey when not yet. */
function Badge({ on, children }: { on: boolean; children: string }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${on ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}>{children}</span>
  )
}

function SendEmailCard({ guId, email, lastResult }: { guId: string; email: string | null; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useContactsWords()
  const shownMessages = useEmailFormMessages()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'send-email',
    lastResult,
    constraint: getZodConstraint(contactEmailSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactEmailSchema }),
  })
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'send-email'
  return (
    <div id="send-email-card" className="scroll-mt-20">
      <Card title={t('actions_sendEmail')}>
        {email ? (
          <Form method="post" action={actionsPath(guId)} {...getFormProps(form)} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="send-email" />
            {form.errors?.length ? (
              <p id={form.errorId} role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {shownMessages(form.errors)?.join(' ')}
              </p>
            ) : null}
            <p className="text-sm text-slate-600">
              {t('email_to')} <span className="font-medium text-slate-900">{email}</span>
              {' · '}
              <Link to={`/contacts/${guId}/email`} className="font-medium text-brand-text underline-offset-2 hover:underline">
                {t('email_fromMailbox')}
              </Link>
            </p>
            <Field id={fields.subject.id} label={t('email_subject')} errors={shownMessages(fields.subject.errors)} required>
              {(control) => (
                <input {...getInputProps(fields.subject, { type: 'text' })} {...control} maxLength={CONTACT_EMAIL_LIMITS.subject} className={FIELD_INPUT_CLASSES} />
              )}
            </Field>
            <Field id={fields.message.id} label={t('email_message')} hint={t('email_messageHint')} errors={shownMessages(fields.message.errors)} required>
              {(control) => (
                <textarea {...getTextareaProps(fields.message)} {...control} rows={8} maxLength={CONTACT_EMAIL_LIMITS.message} className={FIELD_INPUT_CLASSES} />
              )}
            </Field>
            <div className="flex justify-end">
              <Button type="submit" variant="primary" busy={busy}>
                {t('actions_sendEmail')}
              </Button>
            </div>
          </Form>
        ) : (
          <p className="text-sm text-slate-600">{t('email_noEmail')}</p>
        )}
      </Card>
    </div>
  )
}

function ActivityReportCard({ guId, report }: { guId: string; report: ActivityReportState | null }) {
  const { t } = useContactsWords()
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const inProgress = report?.status === 'IN_PROGRESS'
  // With JavaScript the state refreshes by itself; without it, the Refresh link does it.
  useEffect(() => {
    if (!inProgress) return
    const timer = window.setTimeout(() => revalidator.revalidate(), 1000)
    return () => window.clearTimeout(timer)
  }, [inProgress, revalidator, report])
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'activity-report'
  const createButton = (label: string) => (
    <Form method="post" action={actionsPath(guId)}>
      <input type="hidden" name="intent" value="activity-report" />
      <Button type="submit" variant={report?.status === 'COMPLETE' ? 'secondary' : 'primary'} busy={busy}>
        {label}
      </Button>
    </Form>
  )
  return (
    <div id="activity-report" className="scroll-mt-20">
      <Card title={t('report_title')}>
        <div className="flex flex-col gap-3 text-sm text-slate-700">
          <p>{t('report_text')}</p>
          {!report ? createButton(t('report_create')) : null}
          {inProgress ? (
            <div role="status" className="flex flex-col gap-2">
              <p className="font-medium text-slate-900">{t('report_preparing')}</p>
              <p>{t('report_inProgress')}</p>
              {/* A GET form, not a link: following a link to the address already shown would only scroll. */}
              <Form method="get" action={`${actionsPath(guId)}#activity-report`} className="self-start">
                <Button type="submit" variant="secondary">
                  <RefreshCw aria-hidden className="h-4 w-4" />
                  {t('report_refresh')}
                </Button>
              </Form>
            </div>
          ) : null}
          {report?.status === 'COMPLETE' ? (
            <div className="flex flex-wrap items-center gap-3">
              <ButtonLink to={activityReportPath(guId, report.id)} reloadDocument variant="primary">
                <Download aria-hidden className="h-4 w-4" />
                {t('actions_download')}
              </ButtonLink>
              {createButton(t('report_createNew'))}
            </div>
          ) : null}
          {report?.status === 'ERROR' ? (
            <div className="flex flex-col gap-2">
              <p role="alert" className="text-red-700">
                {t('actions_reportFailed')} {report.error}
              </p>
              {createButton(t('report_tryAgain'))}
            </div>
          ) : null}
        </div>
      </Card>
    </div>
  )
}
