import { data, type AppLoadContext } from '@remix-run/node'
import type { FeedbackListState } from '#app/components/feedback/feedback-list-dialog'
import { noticeViewHref, STAFF_BOARD_PATH, type NoticeManageView } from '#app/components/noticeboard/notice-manage-dialog'
import type { GuardAccess } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { hasPermission } from '#server/auth/permissions'
import { shownDateIn } from '#server/dates/language-dates'
import { notFound } from '#server/errors/responses'
import { FEEDBACK_PAGE_SIZES, feedbackPaging } from '#server/feedback/feedback-rules'
import { listFeedback } from '#server/feedback/feedback'
import { tFor } from '#server/i18n/server-translator'
import { translateMessages } from '#server/i18n/translate-message'
import { NOTICE_MESSAGES, readNoticeForm, splitByType, type NoticeFieldErrors } from '#server/noticeboard/notice-rules'
import { createNotice, deleteNotice, findNotice, listNotices, updateNotice } from '#server/noticeboard/notices'
import { richTextToPlainText } from '#server/text/rich-text-html'

export const STAFF_BOARD_INTENTS = ['notice-add', 'notice-edit', 'notice-delete'] as const

function previewOf(message: string): string {
  const text = richTextToPlainText(message).replace(/\s+/g, ' ').trim()
  return text.length > 120 ? `${text.slice(0, 119)}…` : text
}

/**
 * The dashboard's notice board (active notices, split by type) and, when their address is open,
 * the manage dialog (?notices=list|add|edit|delete) and the feedback list (?feedback=list).
 */
export async function loadStaffBoard(context: AppLoadContext, access: GuardAccess, params: URLSearchParams) {
  const { tenant, user } = access
  const database = context.platform.database
  const t = tFor(context.language, 'staff')
  const notices = await listNotices(database, tenant.id, { activeOnly: false })
  const active = notices.filter((notice) => notice.isActive).map(({ id, message, type }) => ({ id, message, type }))

  let manage: NoticeManageView | null = null
  const view = params.get('notices')
  if (view === 'list' || view === '') {
    manage = { view: 'list', notices: notices.map((notice) => ({ id: notice.id, preview: previewOf(notice.message), typeLabel: t(`noticeManage_${notice.type}`), isActive: notice.isActive })) }
  } else if (view === 'add') {
    manage = { view: 'add', values: { id: null, message: '', type: 'notice', isActive: true }, errors: null }
  } else if (view === 'edit' || view === 'delete') {
    const notice = await findNotice(database, tenant.id, params.get('id') ?? '')
    // Another studio's id, or one deleted meanwhile: the address is not found.
    if (!notice) throw notFound()
    manage = view === 'edit' ? { view: 'edit', values: { id: notice.id, message: notice.message, type: notice.type, isActive: notice.isActive }, errors: null } : { view: 'delete', id: notice.id, preview: previewOf(notice.message) }
  }

  let feedback: FeedbackListState | null = null
  if (params.has('feedback')) {
    const paging = feedbackPaging(params)
    const page = await listFeedback(database, tenant.id, paging)
    // Names are contact data (docs/decisions/056): a profile link only for those who may open it.
    const showsContacts = hasPermission(tenant.settings.roles, user.role, 'showContacts')
    feedback = {
      entries: page.data.map((entry) => ({
        id: entry.id,
        message: entry.message,
        name: entry.name,
        profileHref: showsContacts ? `/contacts/${entry.contactGuid}/details` : null,
        when: shownDateIn(entry.updatedAt, tenant.settings, 'dateTime', context.language),
      })),
      total: page.total,
      page: paging.page,
      size: paging.size,
      sizes: FEEDBACK_PAGE_SIZES,
    }
  }
  return { board: splitByType(active), manage, feedback }
}

export function isStaffBoardIntent(value: unknown): boolean {
  return typeof value === 'string' && (STAFF_BOARD_INTENTS as readonly string[]).includes(value)
}

export type StaffBoardRefusal = { noticeForm: { id: string | null; message: string; type: string; isActive: boolean; errors: NoticeFieldErrors } }

/** The manage dialog's add, edit and delete; the caller checked the intent. */
export async function staffBoardAction(context: AppLoadContext, access: GuardAccess, form: FormData) {
  const { tenant } = access
  const database = context.platform.database
  const intent = form.get('intent')
  const id = typeof form.get('id') === 'string' ? String(form.get('id')) : ''
  const listPath = noticeViewHref.list(STAFF_BOARD_PATH)
  if (intent === 'notice-delete') {
    const deleted = await deleteNotice(database, tenant.id, id)
    if (!deleted) throw notFound()
    return redirectWithToast(listPath, { type: 'success', message: NOTICE_MESSAGES.deleted })
  }
  const read = readNoticeForm(Object.fromEntries(form))
  if (!read.ok) {
    return data<StaffBoardRefusal>(
      { noticeForm: { id: intent === 'notice-edit' ? id : null, message: read.details.message, type: read.details.type, isActive: form.get('isActive') !== 'false', errors: translateMessages(context.language, read.details.errors) } },
      { status: 400 },
    )
  }
  const now = new Date()
  if (intent === 'notice-edit') {
    const updated = await updateNotice(database, tenant.id, id, read.value, now)
    if (!updated) throw notFound()
    return redirectWithToast(listPath, { type: 'success', message: NOTICE_MESSAGES.updated })
  }
  await createNotice(database, tenant.id, read.value, now)
  return redirectWithToast(listPath, { type: 'success', message: NOTICE_MESSAGES.added })
}
