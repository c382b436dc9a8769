import { Pencil, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { ButtonLink } from '#app/components/ui/button'
import { Dialog } from '#app/components/ui/dialog'
import { NoticeForm, type NoticeFormErrors, type NoticeFormValues } from './notice-form'

export type ManagedNotice = { id: string; preview: string; typeLabel: string; isActive: boolean }

export type NoticeManageView =
  | { view: 'list'; notices: readonly ManagedNotice[] }
  | { view: 'add' | 'edit'; values: NoticeFormValues; errors: NoticeFormErrors | null }
  | { view: 'delete'; id: string; preview: string }

/** Where the staff notice board and feedback live: the dashboard, with their dialogs below it. */
export const STAFF_BOARD_PATH = '/dashboard'

/** Where each view of the dialog lives, below the page at `base` (the dashboard). */
export const noticeViewHref = {
  list: (base: string) => `${base}?notices=list`,
  add: (base: string) => `${base}?notices=add`,
  edit: (base: string, id: string) => `${base}?notices=edit&id=${id}`,
  delete: (base: string, id: string) => `${base}?notices=delete&id=${id}`,
}

/**
 * The notice board's manage dialog (website spec 2.13, 700x320): list, add and edit, each its
 * own address, so that it works as a page without JavaScript. A staff screen only: its words
 * are the `staff` namespace's; `deleteQuestion` is the server's message, already in the page's
 * language.
 */
export function NoticeManageDialog({ state, base, deleteQuestion }: { state: NoticeManageView; base: string; deleteQuestion: string }) {
  const { t } = useTranslation('staff')
  if (state.view === 'delete') {
    return (
      <ConfirmDialog title={t('noticeManage_deleteTitle')} closeTo={noticeViewHref.list(base)} intent="notice-delete" hiddenFields={[['id', state.id]]}>
        <p>{deleteQuestion}</p>
        <p className="line-clamp-3 text-slate-600">{state.preview}</p>
      </ConfirmDialog>
    )
  }
  const title = state.view === 'list' ? t('noticeManage_title') : state.view === 'add' ? t('noticeManage_addTitle') : t('noticeManage_editTitle')
  return (
    <Dialog title={title} closeTo={base} width={700} minHeight={320}>
      {state.view === 'list' ? (
        <NoticeList notices={state.notices} base={base} />
      ) : (
        <NoticeForm values={state.values} errors={state.errors} backTo={noticeViewHref.list(base)} />
      )}
    </Dialog>
  )
}

function NoticeList({ notices, base }: { notices: readonly ManagedNotice[]; base: string }) {
  const { t } = useTranslation('staff')
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <ButtonLink to={noticeViewHref.add(base)} variant="primary" preventScrollReset data-autofocus>
          {t('noticeManage_add')}
        </ButtonLink>
      </div>
      {notices.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">{t('noticeManage_empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={t('noticeManage_listLabel')}>
          {notices.map((notice) => (
            <li key={notice.id} className="flex items-center gap-3 px-4 py-3 text-sm" data-notice={notice.id}>
              <div className="min-w-0 flex-1">
                <p className="truncate text-slate-900">{notice.preview}</p>
                <p className="mt-0.5 text-xs text-slate-600">
                  {notice.typeLabel} ·{' '}
                  <span className={notice.isActive ? 'font-medium text-emerald-800' : 'font-medium text-slate-700'}>{notice.isActive ? t('noticeManage_published') : t('noticeManage_private')}</span>
                </p>
              </div>
              <ButtonLink to={noticeViewHref.edit(base, notice.id)} variant="secondary" size="sm" preventScrollReset aria-label={t('noticeManage_editLabel', { preview: notice.preview })}>
                <Pencil aria-hidden className="h-4 w-4" /> {t('noticeManage_edit')}
              </ButtonLink>
              <ButtonLink to={noticeViewHref.delete(base, notice.id)} variant="secondary" size="sm" preventScrollReset aria-label={t('noticeManage_deleteLabel', { preview: notice.preview })}>
                <Trash2 aria-hidden className="h-4 w-4" /> {t('noticeManage_delete')}
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
