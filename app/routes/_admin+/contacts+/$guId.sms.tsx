import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { screenMeta } from '#app/components/layout/page-title'
import { PageHeader } from '#app/components/layout/page-header'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { requirePermission } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { useIntegrationsWords, type IntegrationsKey } from '#app/components/integrations/use-integrations-words'
import type { I18nHandle } from '#app/utils/i18n'
import { translatedReply } from '#server/contacts/translated-reply'
import { statusOf } from '#server/errors/error-codes'
import { notFound } from '#server/errors/responses'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { SmsDeliveryLine } from '#app/components/sms/sms-delivery-line'
import { CONTACT_SMS_MESSAGES, contactSmsSchema, loadContactSmsPage, sendContactSms, SMS_BODY_MAX } from '#server/sms/contact-sms'

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => screenMeta(matches, page ? page.title : 'Contact not found')

export const handle: I18nHandle = { i18n: ['integrations'] }

const STATUS_WORDS: Record<'queued' | 'sending' | 'sent' | 'failed', IntegrationsKey> = { queued: 'smsQueued', sending: 'smsSending', sent: 'smsSent', failed: 'smsFailed' }

/** The messages the form's own checks can show, as written: the page carries their translations for the browser. */
const FORM_MESSAGES = [CONTACT_SMS_MESSAGES.bodyRequired, CONTACT_SMS_MESSAGES.bodyTooLong]

/**
 * 'Send SMS' from a contact's profile: a message to the contact's phone, queued in the outbox
 * and sent through the studio's Twilio account by the send job; the last messages to the
 * contact show with their state. Refused, with the reason, while SMS is not set up or the
 * contact has no phone.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const page = await loadContactSmsPage(context.platform, tenant, params.guId, context.language)
  if (!page) throw notFound(translateMessage(context.language, CONTACT_SMS_MESSAGES.notFound))
  const { contactId: _rowId, blockedBy, ...shown } = page
  const said = (message: string) => translateMessage(context.language, message)
  return {
    ...shown,
    title: tFor(context.language, 'integrations')('smsTitle', { name: page.fullName }),
    blockedBy: blockedBy === null ? null : said(blockedBy),
    messages: Object.fromEntries(FORM_MESSAGES.map((message) => [message, said(message)])),
  }
}

type SmsReply = { message: string | null; result: SubmissionResult<string[]> }

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenant, user } = await requirePermission(request, context, 'showContacts')
  const formData = await request.formData().catch(() => new FormData())
  const submission = parseWithZod(formData, { schema: contactSmsSchema })
  if (submission.status !== 'success') {
    // Another tenant's (or no) contact is a 404 even when the form is also wrong.
    if (!(await loadContactSmsPage(context.platform, tenant, params.guId))) throw notFound(translateMessage(context.language, CONTACT_SMS_MESSAGES.notFound))
    return data<SmsReply>({ message: null, result: translatedReply(submission.reply(), context.language) }, { status: 400 })
  }
  const sent = await sendContactSms(context.platform, { tenant, unverifiedGuid: params.guId, actorContactId: user.contactId, body: submission.value.body })
  if (!sent.ok) {
    if (sent.error === 'not_found') throw notFound(translateMessage(context.language, CONTACT_SMS_MESSAGES.notFound))
    const message = translateMessage(context.language, sent.message)
    return data<SmsReply>({ message, result: submission.reply({ formErrors: [message] }) }, { status: statusOf(sent.error) })
  }
  return redirectWithToast(`/contacts/${String(params.guId)}/sms`, { type: 'success', message: sent.value.message })
}

export default function ContactSmsRoute() {
  const page = useLoaderData<typeof loader>()
  const { t } = useIntegrationsWords()
  const reply = useActionData<typeof action>()
  const location = useLocation()
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 p-4 sm:p-6">
      <Link to={`/contacts/${page.guId}/detail`} className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-brand-text hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {t('smsContactProfile')}
      </Link>
      <PageHeader title={page.fullName} description={page.phone ?? t('smsNoPhone')} />
      {/* Drawn afresh after each navigation: a sent message leaves an empty form; a refused one comes back from its reply. */}
      <SendSmsCard key={location.key} page={page} lastResult={reply?.result ?? null} />
      <Card title={t('smsRecent')}>
        {page.recent.length === 0 ? (
          <p className="text-sm text-slate-600">{t('smsNoneYet')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200" data-sms-recent>
            {page.recent.map((message) => (
              <li key={message.id} className="flex flex-col gap-1 py-3 text-sm">
                <span className="flex flex-wrap items-center gap-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${message.status === 'sent' ? 'bg-emerald-100 text-emerald-900' : message.status === 'failed' ? 'bg-red-100 text-red-900' : 'bg-slate-200 text-slate-800'}`}>
                    {t(STATUS_WORDS[message.status])}
                  </span>
                  <time dateTime={message.createdAt} className="text-xs text-slate-600">
                    {message.createdAtText}
                  </time>
                </span>
                <span className="whitespace-pre-wrap text-slate-900">{message.body}</span>
                {message.error ? <span className="text-red-700">{message.error}</span> : null}
                {message.delivery ? <SmsDeliveryLine delivery={message.delivery} /> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}

type SendSmsPage = { guId: string; phone: string | null; smsNumber: string | null; blockedBy: string | null; messages: Readonly<Record<string, string>> }

function SendSmsCard({ page, lastResult }: { page: SendSmsPage; lastResult: SubmissionResult<string[]> | null }) {
  const { t, language, locale } = useIntegrationsWords()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'send-sms',
    lastResult,
    constraint: getZodConstraint(contactSmsSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSmsSchema }),
  })
  const busy = navigation.state === 'submitting'
  // The browser checks with the schema's English messages; the server's come already translated.
  const shown = (messages: string[] | undefined) => messages?.map((message) => page.messages[message] ?? message)
  return (
    <Card title={t('smsSend')}>
      {page.blockedBy ? (
        <p role="alert" className="rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {page.blockedBy}
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          {form.errors?.length ? (
            <p id={form.errorId} role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {shown(form.errors)?.join(' ')}
            </p>
          ) : null}
          <p className="text-sm text-slate-600">
            {t('smsTo')} <span className="font-medium text-slate-900">{page.smsNumber ?? page.phone}</span>
          </p>
          <Field
            id={fields.body.id}
            label={t('smsMessage')}
            hint={t('smsMessageHint', { max: language === 'en' ? String(SMS_BODY_MAX) : SMS_BODY_MAX.toLocaleString(locale) })}
            errors={shown(fields.body.errors)}
            required
          >
            {(control) => <textarea {...getTextareaProps(fields.body)} {...control} rows={6} maxLength={SMS_BODY_MAX} className={FIELD_INPUT_CLASSES} />}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" variant="primary" busy={busy}>
              {t('smsSend')}
            </Button>
          </div>
        </Form>
      )}
    </Card>
  )
}
