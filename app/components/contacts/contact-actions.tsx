import { Form, Link, useFetcher, useRouteLoaderData } from '@remix-run/react'
import { ChevronDown, Download, FileText, KeyRound, LoaderCircle, Mail, MailCheck, MessageSquare, Send, Trash2, UserRound } from 'lucide-react'
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ROLE_ADMIN, roleTitle } from '#server/shell/roles'
import type { loader as staffLayoutLoader } from '#app/routes/_admin+/_layout'
import { Dropdown, menuRowClass } from '#app/components/layout/dropdown'
import { buttonClasses, ButtonLink } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { ToastNotice, type ToastView } from '#app/components/ui/toast'
import { useContactsWords } from './use-contacts-words'
import {
  actionsPath,
  activityReportPath,
  confirmationOf,
  type ConfirmedIntent,
  type ContactActionReply,
  type ContactActionsContact,
  type ContactActionsPageData,
} from './contact-action-intents'

export type { ContactActionsContact } from './contact-action-intents'

const POLL_MS = 1000

/**
 * What staff can do to one contact from the profile header (website spec 7, Contacts): send
 * email, send credentials, reset the password, request email verification, preview as the
 * contact, and the activity report PDF, as one menu.
 *
 * Without JavaScript every item is a link or a plain POST form: the sending ones lead to their
 * confirmation on /contacts/{guId}/actions, whose Yes posts and lands back there with a toast.
 * With JavaScript the confirmation opens here, the post goes through a fetcher and its answer
 * shows as a toast, so the profile stays where it was; the report's state is polled until its
 * download link can show.
 */
export function ContactActions({ contact }: { contact: ContactActionsContact }) {
  const { t } = useContactsWords()
  const hydrated = useHydrated()
  const sender = useFetcher<ContactActionReply>()
  const [confirming, setConfirming] = useState<ConfirmedIntent | null>(null)
  const page = actionsPath(contact.guId)
  const staff = useRouteLoaderData<typeof staffLayoutLoader>('routes/_admin+/_layout')
  // Preview as a contact is for admins (the preview route checks it again).
  const canPreview = staff?.shell.user.roleTitle === roleTitle(ROLE_ADMIN)

  const reply = sender.state === 'idle' ? sender.data : undefined
  const toast = useMemo<ToastView | null>(() => (reply ? { type: reply.type, message: reply.message } : null), [reply])
  useEffect(() => {
    if (reply) setConfirming(null)
  }, [reply])

  const submit = (intent: string) => sender.submit({ intent, reply: 'json' }, { method: 'post', action: page })
  const openConfirmation = (intent: ConfirmedIntent) => (event: React.MouseEvent) => {
    if (!hydrated) return
    event.preventDefault()
    closeMenu(event.currentTarget)
    setConfirming(intent)
  }
  const postReport = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    closeMenu(event.currentTarget)
    submit('activity-report')
  }

  const noEmail = contact.email ? null : t('actions_noEmail')
  return (
    <div className="flex flex-wrap items-center gap-2" data-contact-actions={contact.guId}>
      <Dropdown
        summary={
          <>
            {t('actions_menu')}
            <ChevronDown aria-hidden className="h-4 w-4 transition-transform group-open/dropdown:rotate-180" />
          </>
        }
        summaryClassName={buttonClasses({ variant: 'secondary' })}
        // On a phone the header wraps and the button sits at the left: the menu opens rightwards there.
        panelClassName="w-72 max-sm:left-0 max-sm:right-auto"
      >
        <ul aria-label={t('actions_for', { name: contact.fullName })}>
          <MenuItem icon={Mail} label={t('actions_sendEmail')} blockedBy={noEmail}>
            {(content) => (
              <Link to={`${page}#send-email`} className={menuRowClass}>
                {content}
              </Link>
            )}
          </MenuItem>
          <MenuItem icon={MessageSquare} label={t('actions_sendSms')} hint={t('actions_sendSmsHint')}>
            {(content) => (
              <Link to={`/contacts/${contact.guId}/sms`} className={menuRowClass}>
                {content}
              </Link>
            )}
          </MenuItem>
          <MenuItem
            icon={Send}
            label={t('actions_sendCredentials')}
            hint={contact.hasLogin ? t('actions_credentialsHintLogin') : t('actions_credentialsHintNoLogin')}
            blockedBy={noEmail}
          >
            {(content) => (
              <Link to={`${page}?confirm=send-credentials`} onClick={openConfirmation('send-credentials')} className={menuRowClass}>
                {content}
              </Link>
            )}
          </MenuItem>
          <MenuItem icon={KeyRound} label={t('actions_resetPassword')} blockedBy={noEmail ?? (contact.hasLogin ? null : t('actions_noLoginSendFirst'))}>
            {(content) => (
              <Link to={`${page}?confirm=reset-password`} onClick={openConfirmation('reset-password')} className={menuRowClass}>
                {content}
              </Link>
            )}
          </MenuItem>
          <MenuItem icon={MailCheck} label={t('actions_requestVerification')} blockedBy={noEmail ?? (contact.isEmailVerified ? t('actions_alreadyVerified') : null)}>
            {(content) => (
              <Link to={`${page}?confirm=request-verification`} onClick={openConfirmation('request-verification')} className={menuRowClass}>
                {content}
              </Link>
            )}
          </MenuItem>
          {canPreview ? (
            <MenuItem icon={UserRound} label={t('actions_preview')} hint={t('actions_previewHint')}>
              {(content) => (
                // A real navigation: the session changes and the student view opens.
                <Form method="post" action="/preview/as-contact" reloadDocument>
                  <input type="hidden" name="contactId" value={contact.guId} />
                  <button type="submit" className={menuRowClass}>
                    {content}
                  </button>
                </Form>
              )}
            </MenuItem>
          ) : null}
          <MenuItem icon={FileText} label={t('actions_report')} hint={t('actions_reportHint')}>
            {(content) => (
              <Form method="post" action={page} onSubmit={hydrated ? postReport : undefined}>
                <input type="hidden" name="intent" value="activity-report" />
                <button type="submit" className={menuRowClass}>
                  {content}
                </button>
              </Form>
            )}
          </MenuItem>
          <MenuItem icon={Trash2} label={t('actions_delete')} hint={t('actions_deleteHint')}>
            {(content) => (
              // The list's bulk delete, for this one contact: its page asks, and works without JavaScript.
              <Link to={`/contacts/bulk?bulk=delete&id=${encodeURIComponent(contact.guId)}`} className={menuRowClass}>
                {content}
              </Link>
            )}
          </MenuItem>
        </ul>
      </Dropdown>
      {reply?.intent === 'activity-report' && reply.reportId ? <ReportStatus guId={contact.guId} reportId={reply.reportId} /> : null}
      {confirming ? (
        <ConfirmDialog
          {...confirmationOf(confirming, contact, t)}
          yesVariant="primary"
          open
          busy={sender.state !== 'idle'}
          onClose={() => setConfirming(null)}
          onConfirm={() => submit(confirming)}
        />
      ) : null}
      <ToastNotice toast={toast} />
    </div>
  )
}

type IconType = typeof Mail

/** One row of the menu: the control the caller draws, or, when `blockedBy` says why not, the label greyed with the reason. */
function MenuItem({
  icon: Icon,
  label,
  hint,
  blockedBy = null,
  children,
}: {
  icon: IconType
  label: string
  hint?: string
  blockedBy?: string | null
  children: (content: ReactNode) => ReactNode
}) {
  const content = (
    <>
      <Icon aria-hidden className="h-4 w-4 shrink-0 self-start text-slate-500" />
      <span className="flex flex-col">
        <span>{label}</span>
        {blockedBy || hint ? <span className="text-xs text-slate-500">{blockedBy ?? hint}</span> : null}
      </span>
    </>
  )
  if (blockedBy) {
    return (
      <li>
        <span aria-disabled="true" className={`${menuRowClass} cursor-not-allowed text-slate-500 hover:bg-transparent`}>
          {content}
        </span>
      </li>
    )
  }
  return <li>{children(content)}</li>
}

/** After asking for a report: 'Preparing…' while the job runs, then its download link (or what went wrong). */
function ReportStatus({ guId, reportId }: { guId: string; reportId: string }) {
  const { t } = useContactsWords()
  const poll = useFetcher<ContactActionsPageData>()
  const report = poll.data?.report?.id === reportId ? poll.data.report : null
  const status = report?.status ?? 'IN_PROGRESS'
  const { load } = poll
  useEffect(() => {
    if (status !== 'IN_PROGRESS') return
    const timer = window.setTimeout(() => load(actionsPath(guId)), POLL_MS)
    return () => window.clearTimeout(timer)
  }, [status, load, guId, poll.data])

  if (status === 'COMPLETE') {
    return (
      <ButtonLink to={activityReportPath(guId, reportId)} reloadDocument variant="primary">
        <Download aria-hidden className="h-4 w-4" />
        {t('actions_download')}
      </ButtonLink>
    )
  }
  if (status === 'ERROR') {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('actions_reportFailed')} {report?.error ?? ''}
      </p>
    )
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <LoaderCircle aria-hidden className="h-4 w-4 animate-spin motion-reduce:animate-none" />
      {t('actions_preparingReport')}
    </p>
  )
}

/** Closes the menu a control sits in, once it has done its work (a dialog or a fetcher takes over). */
function closeMenu(element: Element): void {
  element.closest('details')?.removeAttribute('open')
}
