import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { z } from 'zod'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { requirePermission } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { listSendableEmailAccounts } from '#server/connected-emails/connected-email-accounts'
import { EMAIL_OAUTH_PATH } from '#server/connected-emails/connect-email-steps'
import { EMAIL_PROVIDER_NAMES } from '#server/connected-emails/email-providers'
import { sendEmailFromAccount } from '#server/connected-emails/send-from-account'
import { SEND_FROM_ACCOUNT_MESSAGES } from '#server/connected-emails/send-from-account-messages'
import { findContactActionSummary } from '#server/contacts/actions/contact-action-summary'
import { CONTACT_EMAIL_LIMITS, contactEmailSchema } from '#server/contacts/actions/contact-email-schema'
import { statusOf } from '#server/errors/error-codes'
import { notFound } from '#server/errors/responses'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'
import { useEmailFormMessages } from '#app/components/contacts/use-form-messages'

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => screenMeta(matches, page?.title ?? 'Contact not found')

export const handle: I18nHandle = { i18n: ['contacts'] }

const fromAccountSchema = contactEmailSchema.extend({
  accountId: z.string({ required_error: SEND_FROM_ACCOUNT_MESSAGES.chooseAccount }).uuid(SEND_FROM_ACCOUNT_MESSAGES.chooseAccount),
})

const pathOf = (guId: string) => `/contacts/${guId}/email`

/**
 * An email to a contact from a connected mailbox (the staff member's own, or one shared with
 * the studio's staff), sent through the provider's API so it leaves from that address and
 * lands in its Sent folder. A plain form; with JavaScript it validates as you type.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenant, user } = await requirePermission(request, context, 'showContacts')
  const found = await findContactActionSummary({ database: context.platform.database, tenant, unverifiedGuid: params.guId })
  if (!found) throw notFound('Contact not found')
  const accounts = await listSendableEmailAccounts(context.platform, tenant.id, user.contactId)
  const t = tFor(context.language, 'contacts')
  return {
    title: t('mailbox_title', { name: found.fullName }),
    contact: { guId: found.guId, fullName: found.fullName, email: found.email },
    accounts: accounts.map((account) => ({ id: account.id, label: account.isOwn
        ? t('mailbox_own', { user: account.userName, provider: EMAIL_PROVIDER_NAMES[account.provider] })
        : t('mailbox_sharedBy', { user: account.userName, provider: EMAIL_PROVIDER_NAMES[account.provider], owner: account.ownerName }) })),
  }
}

type Reply = { result: SubmissionResult<string[]> }

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenant, user } = await requirePermission(request, context, 'showContacts')
  const formData = await request.formData().catch(() => new FormData())
  const submission = parseWithZod(formData, { schema: fromAccountSchema })
  if (submission.status !== 'success') {
    // Another tenant's (or no) contact is a 404 even when the form is also wrong.
    if (!(await findContactActionSummary({ database: context.platform.database, tenant, unverifiedGuid: params.guId }))) throw notFound('Contact not found')
    return data<Reply>({ result: submission.reply() }, { status: 400 })
  }
  const { accountId, ...email } = submission.value
  const sent = await sendEmailFromAccount(context.platform, {
    tenant,
    unverifiedGuid: params.guId,
    unverifiedAccountId: accountId,
    actor: { contactId: user.contactId, fullName: user.fullName, ip: context.ip || null },
    email,
  })
  if (!sent.ok) {
    if (sent.error === 'not_found') throw notFound('Contact not found')
    return data<Reply>({ result: submission.reply({ formErrors: [translateMessage(context.language, sent.message)] }) }, { status: statusOf(sent.error) })
  }
  return redirectWithToast(pathOf(String(params.guId)), { type: 'success', message: sent.value.message })
}

export default function EmailFromAccountRoute() {
  const { contact, accounts } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const location = useLocation()
  const { t } = useContactsWords()
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 p-4 sm:p-6">
      <Link to={`/contacts/${contact.guId}/actions`} className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-brand-text hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {t('mailbox_back')}
      </Link>
      <PageHeader title={contact.fullName} description={t('mailbox_description')} />
      <Card title={t('mailbox_card')}>
        {!contact.email ? (
          <p className="text-sm text-slate-600">{t('email_noEmail')}</p>
        ) : accounts.length === 0 ? (
          <p className="text-sm text-slate-600">
            {t('mailbox_noAccount')}{' '}
            <Link to={EMAIL_OAUTH_PATH} className="font-medium text-brand-text underline">
              {t('mailbox_connect')}
            </Link>{' '}
            {t('mailbox_toSendOwn')}
          </p>
        ) : (
          <FromAccountForm key={location.key} guId={contact.guId} to={contact.email} accounts={accounts} lastResult={reply?.result ?? null} />
        )}
      </Card>
    </div>
  )
}

function FromAccountForm({ guId, to, accounts, lastResult }: { guId: string; to: string; accounts: Array<{ id: string; label: string }>; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useContactsWords()
  const shownMessages = useEmailFormMessages()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'email-from-account',
    lastResult,
    defaultValue: { accountId: accounts[0]?.id },
    constraint: getZodConstraint(fromAccountSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: fromAccountSchema }),
  })
  const busy = navigation.state === 'submitting'
  return (
    <Form method="post" action={pathOf(guId)} {...getFormProps(form)} className="flex flex-col gap-4">
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {shownMessages(form.errors)?.join(' ')}
        </p>
      ) : null}
      <Field id={fields.accountId.id} label={t('mailbox_from')} errors={shownMessages(fields.accountId.errors)} required>
        {(control) => (
          <select {...getSelectProps(fields.accountId)} {...control} className={FIELD_INPUT_CLASSES}>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <p className="text-sm text-slate-600">
        {t('email_to')} <span className="font-medium text-slate-900">{to}</span>
      </p>
      <Field id={fields.subject.id} label={t('email_subject')} errors={shownMessages(fields.subject.errors)} required>
        {(control) => <input {...getInputProps(fields.subject, { type: 'text' })} {...control} maxLength={CONTACT_EMAIL_LIMITS.subject} className={FIELD_INPUT_CLASSES} />}
      </Field>
      <Field id={fields.message.id} label={t('email_message')} hint={t('email_messageHint')} errors={shownMessages(fields.message.errors)} required>
        {(control) => <textarea {...getTextareaProps(fields.message)} {...control} rows={8} maxLength={CONTACT_EMAIL_LIMITS.message} className={FIELD_INPUT_CLASSES} />}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" variant="primary" busy={busy}>
          {t('actions_sendEmail')}
        </Button>
      </div>
    </Form>
  )
}
