import { data, redirect, type AppLoadContext } from '@remix-run/node'
import type { ReviewDialogState } from '#app/components/reviews/review-dialog'
import { redirectWithToast } from '#app/utils/toast.server'
import type { GuardAccess } from '#app/utils/auth.server'
import { readFeedbackMessage, FEEDBACK_MESSAGES } from '#server/feedback/feedback-rules'
import { sendFeedback } from '#server/feedback/feedback'
import { splitByType } from '#server/noticeboard/notice-rules'
import { listNotices } from '#server/noticeboard/notices'
import { readReviewForm, readStars, REVIEW_MESSAGES, usableGoogleLink } from '#server/reviews/review-rules'
import { addReview, markReviewedOnGoogle, ownReview } from '#server/reviews/reviews'
import { translateMessage } from '#server/i18n/translate-message'

/** The intents the student board's forms post to the page they sit on. */
export const STUDENT_BOARD_INTENTS = ['feedback-send', 'review-add', 'review-google'] as const

export function isStudentBoardIntent(value: unknown): boolean {
  return typeof value === 'string' && (STUDENT_BOARD_INTENTS as readonly string[]).includes(value)
}

/**
 * What the student home shows around its own content (website spec 2.13 and 2.14): the
 * published notices and quotes, the rating bar while the student has not reviewed and the
 * studio has a Google review link, and the feedback and review dialogs when their address is
 * open. Previews see the board but write nothing: they are staff looking, not a student.
 */
export async function loadStudentBoard(context: AppLoadContext, access: GuardAccess, params: URLSearchParams) {
  const { tenant, user } = access
  const database = context.platform.database
  const previewing = user.isPreviewMode || user.isStudentPreview
  const [notices, review] = await Promise.all([listNotices(database, tenant.id, { activeOnly: true }), previewing ? null : ownReview(database, tenant.id, user.contactId)])
  const googleLink = usableGoogleLink(tenant.settings.googleReviewLink)
  const board = splitByType(notices.map(({ id, message, type }) => ({ id, message, type })))
  const canWrite = !previewing
  const reviewParam = params.get('review')
  let reviewDialog: ReviewDialogState | null = null
  if (canWrite && reviewParam !== null) {
    if (!review) reviewDialog = { step: 'write', stars: readStars(params.get('stars')), reviewText: '', errors: null }
    else if (reviewParam === 'google' && googleLink && !review.isReviewedOnGoogle) reviewDialog = { step: 'google' }
    else reviewDialog = { step: 'thanks' }
  }
  return {
    board,
    showRatingBar: canWrite && !review && googleLink !== null,
    canSendFeedback: canWrite,
    feedbackOpen: canWrite && params.has('feedback'),
    reviewDialog,
  }
}

type BoardFailure = { board: { feedbackError: string | null; feedbackMessage: string; review: ReviewDialogState | null } }

/** Handles the board's forms for the student home at `path`; the caller checked the intent. */
export async function studentBoardAction(context: AppLoadContext, access: GuardAccess, form: FormData, path: string) {
  const { tenant, user } = access
  const database = context.platform.database
  if (user.isPreviewMode || user.isStudentPreview) return redirect(path)
  const now = new Date()
  const intent = form.get('intent')
  if (intent === 'feedback-send') {
    const message = readFeedbackMessage(form.get('message'))
    if (!message.ok) {
      const raw = form.get('message')
      return data<BoardFailure>({ board: { feedbackError: translateMessage(context.language, message.message), feedbackMessage: typeof raw === 'string' ? raw.slice(0, 2000) : '', review: null } }, { status: 400 })
    }
    await sendFeedback(database, tenant.id, { contactId: user.contactId, message: message.value, now })
    return redirectWithToast(path, { type: 'success', message: FEEDBACK_MESSAGES.sent })
  }
  if (intent === 'review-add') {
    const review = readReviewForm(Object.fromEntries(form))
    if (!review.ok) {
      const errors = Object.fromEntries(Object.entries(review.details.errors ?? {}).map(([field, error]) => [field, translateMessage(context.language, error)]))
      return data<BoardFailure>({ board: { feedbackError: null, feedbackMessage: '', review: { step: 'write', stars: review.details.stars, reviewText: review.details.reviewText, errors } } }, { status: 400 })
    }
    const added = await addReview(database, tenant.id, { ...review.value, contactId: user.contactId, now })
    if (!added.ok) return redirectWithToast(path, { type: 'error', message: added.message })
    const next = usableGoogleLink(tenant.settings.googleReviewLink) ? 'google' : 'thanks'
    return redirect(`${path}?review=${next}`)
  }
  // review-google: the student chose to post on Google; their review is marked and they go there.
  const googleLink = usableGoogleLink(tenant.settings.googleReviewLink)
  const marked = googleLink ? await markReviewedOnGoogle(database, tenant.id, user.contactId, now) : false
  if (!googleLink || !marked) return redirectWithToast(path, { type: 'error', message: REVIEW_MESSAGES.googleFailed })
  return redirect(googleLink)
}

export type StudentBoardActionData = BoardFailure
