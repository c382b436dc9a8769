import type { Generated } from 'kysely'
import type { CreatedAt } from './column-types'

/** The notice board's two kinds of entry (website spec 3, Notice). */
export type NoticeType = 'notice' | 'quote'

/** A notice or quote; `message` is sanitised rich text. Private while is_active is false. */
export interface NoticesTable {
  id: Generated<string>
  tenant_id: string
  message: string
  type: NoticeType
  is_active: Generated<boolean>
  expiry_date: CreatedAt
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** A message a student sent the studio. */
export interface FeedbackEntriesTable {
  id: Generated<string>
  tenant_id: string
  contact_id: string
  message: string
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** A student's one review of the studio. */
export interface StudentReviewsTable {
  id: Generated<string>
  tenant_id: string
  contact_id: string
  stars: number
  review_text: string
  is_reviewed_on_google: Generated<boolean>
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface NoticeFeedbackReviewTables {
  notices: NoticesTable
  feedback_entries: FeedbackEntriesTable
  student_reviews: StudentReviewsTable
}
