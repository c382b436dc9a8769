import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import { REVIEW_MESSAGES, type ReviewInput } from './review-rules'

export type OwnReview = { id: string; stars: number; isReviewedOnGoogle: boolean }

/** The signed-in student's review, if they left one (spec 7: the review status call). */
export async function ownReview(database: DatabaseHandle, tenantId: string, contactId: string): Promise<OwnReview | null> {
  const row = await withTenant(database, tenantId, (trx) =>
    trx.selectFrom('student_reviews').select(['id', 'stars', 'is_reviewed_on_google']).where('contact_id', '=', contactId).executeTakeFirst(),
  )
  return row ? { id: row.id, stars: row.stars, isReviewedOnGoogle: row.is_reviewed_on_google } : null
}

/** A student reviews the studio once; a second review (two tabs, a resubmitted form) is refused. */
export async function addReview(database: DatabaseHandle, tenantId: string, input: ReviewInput & { contactId: string; now: Date }): Promise<WordedResult<OwnReview, 'conflict'>> {
  const row = await withTenant(database, tenantId, (trx) =>
    trx
      .insertInto('student_reviews')
      .values({ tenant_id: tenantId, contact_id: input.contactId, stars: input.stars, review_text: input.reviewText, created_at: input.now, updated_at: input.now })
      .onConflict((conflict) => conflict.columns(['tenant_id', 'contact_id']).doNothing())
      .returning(['id', 'stars', 'is_reviewed_on_google'])
      .executeTakeFirst(),
  )
  if (!row) return err('conflict', REVIEW_MESSAGES.alreadyReviewed)
  return ok({ id: row.id, stars: row.stars, isReviewedOnGoogle: row.is_reviewed_on_google })
}

/** The student chose to post on Google: only their own review is marked. */
export async function markReviewedOnGoogle(database: DatabaseHandle, tenantId: string, contactId: string, now: Date): Promise<boolean> {
  const result = await withTenant(database, tenantId, (trx) =>
    trx.updateTable('student_reviews').set({ is_reviewed_on_google: true, updated_at: now }).where('contact_id', '=', contactId).executeTakeFirst(),
  )
  return result.numUpdatedRows > 0n
}

export type StudioReview = { id: string; stars: number; reviewText: string; isReviewedOnGoogle: boolean; name: string; contactGuid: string; createdAt: string }

/** The studio's reviews for the G-Reviews screen, newest first. */
export async function listReviews(database: DatabaseHandle, tenantId: string, paging: { size: number; offset: number }): Promise<{ data: StudioReview[]; total: number }> {
  return withTenant(database, tenantId, async (trx) => {
    const [rows, count] = await Promise.all([
      trx
        .selectFrom('student_reviews as r')
        .innerJoin('contacts as c', 'c.id', 'r.contact_id')
        .select(['r.id', 'r.stars', 'r.review_text', 'r.is_reviewed_on_google', 'r.created_at', 'c.guid', 'c.first_name', 'c.last_name'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id')
        .limit(paging.size)
        .offset(paging.offset)
        .execute(),
      trx.selectFrom('student_reviews').select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ])
    return {
      data: rows.map((row) => ({
        id: row.id,
        stars: row.stars,
        reviewText: row.review_text,
        isReviewedOnGoogle: row.is_reviewed_on_google,
        name: `${row.first_name} ${row.last_name}`.trim() || 'Unnamed contact',
        contactGuid: row.guid,
        createdAt: row.created_at.toISOString(),
      })),
      total: Number(count.total),
    }
  })
}
