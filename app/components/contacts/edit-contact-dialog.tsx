import type { SubmissionResult } from '@conform-to/react'
import { useFetcher } from '@remix-run/react'
import { useCallback, useEffect, useState, type MouseEvent, type ReactNode } from 'react'
import type { ContactDialogSaved, ContactDialogView } from '#server/contacts/contact-dialog-view'
import { ContactDialogFields } from '#app/components/contacts/contact-dialog-fields'
import { buttonClasses, type ButtonLook } from '#app/components/ui/button'
import { Dialog } from '#app/components/ui/dialog'
import { useContactsWords } from './use-contacts-words'

/** The full Edit Contact page: where Edit leads without JavaScript. */
export const editContactPagePath = (guId: string) => `/contacts/${guId}/edit`
/** The dialog's data and save (a resource route), used once JavaScript runs. */
export const editContactDialogPath = (guId: string) => `/contacts/${guId}/edit-dialog`

type DialogAnswer = SubmissionResult<string[]> | ContactDialogSaved

/**
 * Which contact's Edit Contact dialog is open on a page, with the link that opens it: a page
 * holds one dialog however many Edit links it shows (a list of 50 rows).
 */
export function useEditContactDialog() {
  const [editing, setEditing] = useState<string | null>(null)
  const close = useCallback(() => setEditing(null), [])
  return { editing, open: setEditing, close }
}

/**
 * Edit for one contact: a link to the full Edit Contact page, which is where it goes without
 * JavaScript (or opened in a new tab); with it, a plain click opens the dialog in place.
 */
export function EditContactLink({ guId, onOpen, look, title, children }: { guId: string; onOpen: (guId: string) => void; look?: ButtonLook; title?: string; children: ReactNode }) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    onOpen(guId)
  }
  // A plain anchor, not Remix's Link: a plain click never navigates (it opens the dialog), and a
  // list of 50 rows would otherwise run Link's dozen hooks 50 times per render.
  return (
    <a href={editContactPagePath(guId)} onClick={open} className={buttonClasses({ variant: look?.variant ?? 'secondary', size: look?.size })} title={title}>
      {children}
    </a>
  )
}

/**
 * The Edit Contact dialog (spec 2.9, 590x590): the contact's dialog fields, read when it opens
 * and saved through the dialog's own action. Once saved it closes; the page behind reloads its
 * data (the row, the profile's header) and shows the toast.
 */
export function EditContactDialog({ guId, onClose }: { guId: string | null; onClose: () => void }) {
  const { t } = useContactsWords()
  return (
    <Dialog open={guId !== null} onClose={onClose} title={t('editContact')} width={590} minHeight={590}>
      {guId ? <EditContactDialogBody key={guId} guId={guId} onClose={onClose} /> : null}
    </Dialog>
  )
}

function EditContactDialogBody({ guId, onClose }: { guId: string; onClose: () => void }) {
  const reader = useFetcher<ContactDialogView>()
  const path = editContactDialogPath(guId)
  useEffect(() => {
    reader.load(path)
    // Once per opening: the body is mounted afresh for each contact.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path])
  const { t } = useContactsWords()
  const view = reader.data
  if (!view || view.guId !== guId) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('loading')}
      </p>
    )
  }
  return <EditContactDialogForm view={view} onClose={onClose} />
}

function EditContactDialogForm({ view, onClose }: { view: ContactDialogView; onClose: () => void }) {
  const fetcher = useFetcher<DialogAnswer>()
  const answer = fetcher.data
  const saved = answer !== undefined && 'saved' in answer
  useEffect(() => {
    if (fetcher.state === 'idle' && saved) onClose()
  }, [fetcher.state, saved, onClose])
  return (
    <ContactDialogFields
      formId={`edit-contact-${view.guId}`}
      options={view.options}
      defaultValue={view.values}
      cancel={{ onCancel: onClose }}
      lastResult={answer !== undefined && !('saved' in answer) ? answer : null}
      busy={fetcher.state !== 'idle'}
      render={(formProps, children) => (
        <fetcher.Form method="post" action={editContactDialogPath(view.guId)} {...formProps}>
          {children}
        </fetcher.Form>
      )}
    />
  )
}
