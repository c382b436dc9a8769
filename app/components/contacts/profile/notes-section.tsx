import { Link } from '@remix-run/react'
import { Pencil, StickyNote, Trash2 } from 'lucide-react'
import { useRef } from 'react'
import type { NoteView } from '#server/contacts/profile/load-contact-profile'
import { NOTE_MAX_LENGTH } from '#server/contacts/profile/profile-forms'
import { profilePath } from '#server/contacts/profile/profile-tabs'
import { Button, ButtonLink, buttonClasses } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { DateText } from '#app/components/ui/date-text'
import { Dialog } from '#app/components/ui/dialog'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'
import { FormFailure } from './form-failure'
import { useProfileForm } from './use-profile-form'

const TEXTAREA = `${FIELD_INPUT_CLASSES} min-h-28 w-full resize-y`

function AddNoteForm({ guId }: { guId: string }) {
  const { t } = useContactsWords()
  const form = useRef<HTMLFormElement>(null)
  const { fetcher, failure, busy, onSubmit } = useProfileForm('add-note', { onDone: () => form.current?.reset() })
  return (
    <fetcher.Form onSubmit={onSubmit} ref={form} method="post" action={profilePath(guId, 'notes')} preventScrollReset className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="add-note" />
      <FormFailure failure={failure} fields={['body']} />
      <Field id="note-new" label={t('notes_newNote')} errors={failure?.fieldErrors.body} hint={t('notes_hint', { max: NOTE_MAX_LENGTH })}>
        {(control) => <textarea {...control} name="body" required maxLength={NOTE_MAX_LENGTH} defaultValue={failure?.values.body ?? ''} className={TEXTAREA} />}
      </Field>
      <div>
        <Button type="submit" variant="primary" busy={busy}>
          {t('notes_add')}
        </Button>
      </div>
    </fetcher.Form>
  )
}

function EditNoteForm({ guId, note }: { guId: string; note: NoteView }) {
  const { t } = useContactsWords()
  const { fetcher, failure, busy, onSubmit } = useProfileForm('update-note')
  const id = `note-${note.guid}`
  return (
    <fetcher.Form onSubmit={onSubmit} method="post" action={profilePath(guId, 'notes', { editNote: note.guid })} preventScrollReset className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="update-note" />
      <input type="hidden" name="noteId" value={note.guid} />
      <FormFailure failure={failure} fields={['body']} />
      <Field id={id} label={t('notes_edit')} errors={failure?.fieldErrors.body}>
        {(control) => <textarea {...control} name="body" required maxLength={NOTE_MAX_LENGTH} defaultValue={failure?.values.body ?? note.body} className={TEXTAREA} autoFocus />}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" variant="primary" busy={busy}>
          {t('notes_save')}
        </Button>
        <ButtonLink to={profilePath(guId, 'notes')} preventScrollReset variant="secondary">
          {t('cancel')}
        </ButtonLink>
      </div>
    </fetcher.Form>
  )
}

function DeleteNoteDialog({ guId, note }: { guId: string; note: NoteView }) {
  const { t } = useContactsWords()
  const { fetcher, failure, busy, onSubmit } = useProfileForm('delete-note')
  const back = profilePath(guId, 'notes')
  return (
    <Dialog title={t('notes_delete')} closeTo={back} width={490}>
      <p className="text-sm text-slate-700">{t('notes_deleteQuestion')}</p>
      <blockquote className="mt-3 max-h-32 overflow-hidden border-l-2 border-slate-200 pl-3 text-sm text-ellipsis whitespace-pre-line text-slate-600">{note.body}</blockquote>
      <fetcher.Form onSubmit={onSubmit} method="post" action={back} preventScrollReset className="mt-5 flex flex-col gap-3">
        <input type="hidden" name="intent" value="delete-note" />
        <input type="hidden" name="noteId" value={note.guid} />
        <FormFailure failure={failure} />
        <div className="flex justify-end gap-3">
          <ButtonLink to={back} preventScrollReset variant="secondary">
            {t('no')}
          </ButtonLink>
          <Button type="submit" variant="danger" busy={busy} data-autofocus>
            {t('yesDelete')}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  )
}

/** Staff notes on the contact: add one, and edit or delete each (deleting asks first). */
export function NotesSection({ guId, notes, editNote, deleteNote }: { guId: string; notes: NoteView[]; editNote: string | null; deleteNote: string | null }) {
  const { t, shown } = useContactsWords()
  const deleting = notes.find((note) => note.guid === deleteNote)
  return (
    <div className="flex flex-col gap-5">
      <Card title={t('notes_addANote')}>
        <AddNoteForm guId={guId} />
      </Card>
      <Card title={t('notes_title', { shown: shown(notes.length) })}>
        {notes.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <StickyNote aria-hidden className="h-4 w-4" />
            {t('notes_none')}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100">
            {notes.map((note) => (
              <li key={note.guid} className="py-4 first:pt-0 last:pb-0">
                {note.guid === editNote ? (
                  <EditNoteForm guId={guId} note={note} />
                ) : (
                  <article aria-label={note.authorName ? t('notes_by', { name: note.authorName }) : t('notes_byStaff')}>
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className="text-sm text-slate-600">
                        <span className="font-medium text-slate-900">{note.authorName || t('notes_staff')}</span>
                        {' · '}
                        <DateText value={note.created} />
                        {note.edited ? (
                          <span className="ml-2 text-xs text-slate-600">
                            ({t('notes_edited')} <DateText value={note.edited} />)
                          </span>
                        ) : null}
                      </p>
                      <div className="flex gap-1">
                        <Link to={profilePath(guId, 'notes', { editNote: note.guid })} preventScrollReset className={buttonClasses({ variant: 'secondary', size: 'sm' })} aria-label={t('notes_editThis')}>
                          <Pencil aria-hidden className="h-3.5 w-3.5" />
                          {t('edit')}
                        </Link>
                        <Link to={profilePath(guId, 'notes', { deleteNote: note.guid })} preventScrollReset className={buttonClasses({ variant: 'secondary', size: 'sm' })} aria-label={t('notes_deleteThis')}>
                          <Trash2 aria-hidden className="h-3.5 w-3.5" />
                          {t('delete')}
                        </Link>
                      </div>
                    </div>
                    <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{note.body}</p>
                  </article>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {deleting ? <DeleteNoteDialog guId={guId} note={deleting} /> : null}
    </div>
  )
}
