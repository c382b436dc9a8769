import { FEEDBACK_MESSAGES, feedbackPaging, readFeedbackMessage } from '#server/feedback/feedback-rules'
import { NOTICE_MESSAGES, readNoticeForm, splitByType } from '#server/noticeboard/notice-rules'
import { readReviewForm, readStars, REVIEW_MESSAGES, usableGoogleLink } from '#server/reviews/review-rules'

describe('notice form rules', () => {
  it("uses the spec's words", () => {
    expect(NOTICE_MESSAGES.deleteConfirm).toBe('Are you sure you want to delete?')
    expect(NOTICE_MESSAGES.deleted).toBe('Notice or Quote deleted successfullly')
  })

  it('refuses a message that is blank once sanitised, and a type other than notice or quote', () => {
    for (const message of ['', '   ', '<p><br></p>', '<script>x()</script>', '<p>&nbsp;</p>']) {
      const read = readNoticeForm({ message, type: 'notice', isActive: 'true' })
      expect(read.ok, message).toBe(false)
    }
    const badType = readNoticeForm({ message: '<p>Hi</p>', type: 'banner' })
    expect(badType.ok ? null : badType.details.errors).toEqual({ type: NOTICE_MESSAGES.typeRequired })
  })

  it('keeps the sanitised message, the type and Published or Private', () => {
    const read = readNoticeForm({ message: '<p style="position:fixed">Hi <em>all</em></p><iframe src="x"></iframe>', type: 'quote', isActive: 'false' })
    expect(read.ok ? read.value : null).toEqual({ message: '<p>Hi <em>all</em></p>', type: 'quote', isActive: false })
    const published = readNoticeForm({ message: 'Plain', type: 'notice' })
    expect(published.ok ? published.value.isActive : null).toBe(true)
  })

  it('splits notices from quotes, keeping their order', () => {
    const items = [
      { id: '1', type: 'quote' as const },
      { id: '2', type: 'notice' as const },
      { id: '3', type: 'quote' as const },
    ]
    expect(splitByType(items)).toEqual({ notices: [items[1]], quotes: [items[0], items[2]] })
  })
})

describe('feedback rules', () => {
  it('requires a message', () => {
    expect(readFeedbackMessage('  ')).toMatchObject({ ok: false, message: FEEDBACK_MESSAGES.required })
    expect(readFeedbackMessage(null)).toMatchObject({ ok: false, message: 'Message is required!' })
    expect(readFeedbackMessage(' Thanks! ')).toMatchObject({ ok: true, value: 'Thanks!' })
    expect(readFeedbackMessage('x'.repeat(2001)).ok).toBe(false)
    expect(FEEDBACK_MESSAGES.sent).toBe('Feedback submited successfully')
  })

  it('pages 50 by default, 50, 100 or 150, offset = page index times size', () => {
    expect(feedbackPaging(new URLSearchParams(''))).toEqual({ page: 1, size: 50, offset: 0 })
    expect(feedbackPaging(new URLSearchParams('size=100&page=3'))).toEqual({ page: 3, size: 100, offset: 200 })
    expect(feedbackPaging(new URLSearchParams('size=5&page=0'))).toEqual({ page: 1, size: 50, offset: 0 })
    expect(feedbackPaging(new URLSearchParams('size=150&page=1.5'))).toEqual({ page: 1, size: 150, offset: 0 })
  })
})

describe('review rules', () => {
  it('requires a rating of 1 to 5 and at least 10 characters', () => {
    const none = readReviewForm({ reviewText: 'Wonderful teachers' })
    expect(none.ok ? null : none.details.errors).toEqual({ stars: 'Ratings is required.' })
    const short = readReviewForm({ stars: '4', reviewText: '  123456789  ' })
    expect(short.ok ? null : short.details.errors).toEqual({ reviewText: 'Review is required and must be at least 10 characters long.' })
    expect(readReviewForm({ stars: '4', reviewText: '1234567890' })).toEqual({ ok: true, value: { stars: 4, reviewText: '1234567890' } })
    expect(readStars('0')).toBeNull()
    expect(readStars('6')).toBeNull()
    expect(readStars('5')).toBe(5)
    expect(REVIEW_MESSAGES.googleFailed).toBe('Error occurred while submitting review for Google:')
  })

  it('only sends students to an http(s) Google link', () => {
    expect(usableGoogleLink('https://g.page/r/abc/review')).toBe('https://g.page/r/abc/review')
    expect(usableGoogleLink('  ')).toBeNull()
    expect(usableGoogleLink(null)).toBeNull()
    expect(usableGoogleLink('javascript:alert(1)')).toBeNull()
    expect(usableGoogleLink('not a link')).toBeNull()
  })
})
