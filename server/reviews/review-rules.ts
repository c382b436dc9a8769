import { z } from 'zod'
import { err, ok, type WordedResult } from '#server/errors/result'

/** Review words and limits (website spec 5, 8 and 9), spelled as the spec spells them. */
export const REVIEW_MESSAGES = {
  ratingRequired: 'Ratings is required.',
  textRequired: 'Review is required and must be at least 10 characters long.',
  googleFailed: 'Error occurred while submitting review for Google:',
  alreadyReviewed: 'You have already reviewed this studio. Thank you!',
} as const

export const MAX_RATING = 5
export const REVIEW_MIN_LENGTH = 10
export const REVIEW_MAX_LENGTH = 2000

export type ReviewInput = { stars: number; reviewText: string }
export type ReviewFieldErrors = Partial<Record<'stars' | 'reviewText', string>>
export type ReviewFormFailure = { errors: ReviewFieldErrors; stars: number | null; reviewText: string }

const fieldsSchema = z.object({ stars: z.string().max(5).default(''), reviewText: z.string().max(REVIEW_MAX_LENGTH * 2).default('') })

/** The rating, 1 to 5, from a form or address value; anything else is no rating. */
export function readStars(value: unknown): number | null {
  const stars = typeof value === 'string' && /^[1-5]$/.test(value) ? Number(value) : null
  return stars
}

/** Step 1 of the review dialog: a rating and at least 10 characters of text. */
export function readReviewForm(fields: Record<string, unknown>): WordedResult<ReviewInput, 'invalid_input', ReviewFormFailure> {
  const parsed = fieldsSchema.safeParse(fields)
  const raw = parsed.success ? parsed.data : { stars: '', reviewText: '' }
  const stars = readStars(raw.stars)
  const reviewText = raw.reviewText.trim()
  const errors: ReviewFieldErrors = {}
  if (stars === null) errors.stars = REVIEW_MESSAGES.ratingRequired
  if (reviewText.length < REVIEW_MIN_LENGTH || reviewText.length > REVIEW_MAX_LENGTH) errors.reviewText = REVIEW_MESSAGES.textRequired
  if (stars === null || errors.reviewText) return err('invalid_input', errors.stars ?? errors.reviewText ?? REVIEW_MESSAGES.ratingRequired, { errors, stars, reviewText })
  return ok({ stars, reviewText })
}

/** The Google review link of the studio, when it is one a browser may be sent to. */
export function usableGoogleLink(stored: string | null | undefined): string | null {
  const link = stored?.trim() ?? ''
  if (!link) return null
  try {
    const url = new URL(link)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}
