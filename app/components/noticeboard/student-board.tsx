import { MessageSquare } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { FeedbackFormDialog } from '#app/components/feedback/feedback-form-dialog'
import { RatingBar } from '#app/components/reviews/rating-bar'
import { ReviewDialog, type ReviewDialogState } from '#app/components/reviews/review-dialog'
import { ButtonLink } from '#app/components/ui/button'
import { NoticeBoard, type BoardNotice } from './notice-board'

export type StudentBoardData = {
  board: { notices: BoardNotice[]; quotes: BoardNotice[] }
  showRatingBar: boolean
  canSendFeedback: boolean
  feedbackOpen: boolean
  reviewDialog: ReviewDialogState | null
}

type Refused = { feedbackError: string | null; feedbackMessage: string; review: ReviewDialogState | null } | null

/**
 * The student home's notice board, rating bar and feedback (website spec 2.13, 2.14). `path`
 * is the page it sits on: its dialogs are addresses below it and its forms post to it.
 */
export function StudentBoard({ loaded, refused, path }: { loaded: StudentBoardData; refused: Refused; path: string }) {
  const review = refused?.review ?? loaded.reviewDialog
  const { t } = useTranslation('portal')
  const feedbackOpen = loaded.feedbackOpen || Boolean(refused?.feedbackError)
  return (
    <div className="mb-6 flex flex-col gap-4">
      {loaded.showRatingBar ? <RatingBar hrefOf={(stars) => `${path}?review=write&stars=${stars}`} /> : null}
      <NoticeBoard
        notices={loaded.board.notices}
        quotes={loaded.board.quotes}
        manageHref={null}
        words={{ title: t('noticeBoard'), manage: '', notices: t('notices'), quotes: t('quotes'), noNotices: t('noNotices'), noQuotes: t('noQuotes') }}
      />
      {loaded.canSendFeedback ? (
        <div className="flex justify-end">
          <ButtonLink to={`${path}?feedback`} variant="secondary" size="sm" preventScrollReset>
            <MessageSquare aria-hidden className="h-4 w-4" /> {t('sendFeedback')}
          </ButtonLink>
        </div>
      ) : null}
      {feedbackOpen ? <FeedbackFormDialog closeTo={path} error={refused?.feedbackError ?? null} message={refused?.feedbackMessage ?? ''} /> : null}
      {review ? <ReviewDialog state={review} closeTo={path} /> : null}
    </div>
  )
}
