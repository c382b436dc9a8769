import { action as dashboardAction, loader as dashboardLoader } from '#app/routes/_admin+/dashboard'
import { loader as reviewsLoader } from '#app/routes/_admin+/reviews'
import { action as classesAction, loader as classesLoader } from '#app/routes/_student+/classes'
import { action as coursesAction } from '#app/routes/_student+/mycourses'
import { asSystem, withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { FEEDBACK_MESSAGES } from '#server/feedback/feedback-rules'
import { NOTICE_MESSAGES } from '#server/noticeboard/notice-words'
import { REVIEW_MESSAGES } from '#server/reviews/review-rules'
import { tenantWithPeople, updateSettings, type Cookies } from '#tests/integration/shell/shell-world'
import { createContact } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'
import { callRoute, formPostRequest, getRequest, toastOf, type RouteFunction } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const GOOGLE = 'https://g.page/r/studio-review'

type Board = { notices: Array<{ id: string; message: string }>; quotes: Array<{ id: string; message: string }> }

describe(`the notice board, feedback and reviews (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let cookies: Cookies
  let other: Tenant
  let otherCookies: Cookies
  let admin: { id: string }

  beforeAll(async () => {
    platform = await createTestPlatform()
    const people = await tenantWithPeople(platform, { orgId: 'noticed' })
    ;({ tenant, cookies } = people)
    admin = people.contacts.ROLE_ADMIN
    ;({ tenant: other, cookies: otherCookies } = await tenantWithPeople(platform, { orgId: 'othernotice' }))
    tenant = await updateSettings(platform, tenant, { googleReviewLink: GOOGLE })
  })
  afterAll(() => platform?.close())

  const url = (t: Tenant, path: string) => `http://${t.orgId}.localhost${path}`
  const call = (fn: RouteFunction, request: Request, t: Tenant = tenant) => callRoute(fn, request, contextFor(platform, t))
  const get = (fn: RouteFunction, path: string, cookie: string, t: Tenant = tenant) => call(fn, getRequest(url(t, path), cookie), t)
  const post = (fn: RouteFunction, path: string, fields: Record<string, string>, cookie: string, t: Tenant = tenant) => call(fn, formPostRequest(url(t, path), fields, cookie), t)
  const noticeRows = (t: Tenant) => withTenant(platform.database, t.id, (trx) => trx.selectFrom('notices').selectAll().orderBy('created_at').execute())

  it('lets staff add a notice and a quote, sanitising the message, and refuses a blank one with nothing written', async () => {
    const blank = await post(dashboardAction, '/dashboard?notices=add', { intent: 'notice-add', type: 'notice', message: '<p><br></p>', isActive: 'true' }, cookies.ROLE_STAFF)
    expect(blank.status).toBe(400)
    expect(blank.body).toMatchObject({ noticeForm: { errors: { message: NOTICE_MESSAGES.messageRequired } } })
    const onlyScript = await post(dashboardAction, '/dashboard?notices=add', { intent: 'notice-add', type: 'notice', message: '<script>alert(1)</script>', isActive: 'true' }, cookies.ROLE_ADMIN)
    expect(onlyScript.status).toBe(400)
    const noType = await post(dashboardAction, '/dashboard?notices=add', { intent: 'notice-add', type: 'poster', message: '<p>Hi</p>', isActive: 'true' }, cookies.ROLE_ADMIN)
    expect(noType.status).toBe(400)
    expect(await noticeRows(tenant)).toHaveLength(0)

    const added = await post(dashboardAction, '/dashboard?notices=add', { intent: 'notice-add', type: 'notice', message: '<p onclick="x()">Studio <strong>closed</strong> Monday<img src=x onerror=alert(1)></p>', isActive: 'true' }, cookies.ROLE_STAFF)
    expect(added.status).toBe(302)
    expect(added.location).toBe('/dashboard?notices=list')
    await post(dashboardAction, '/dashboard?notices=add', { intent: 'notice-add', type: 'quote', message: '<p>Breathe in.</p>', isActive: 'true' }, cookies.ROLE_FRONTDESK)
    await post(dashboardAction, '/dashboard?notices=add', { intent: 'notice-add', type: 'notice', message: '<p>Draft plan</p>', isActive: 'false' }, cookies.ROLE_ADMIN)
    const rows = await noticeRows(tenant)
    expect(rows.map((row) => [row.type, row.is_active])).toEqual([
      ['notice', true],
      ['quote', true],
      ['notice', false],
    ])
    expect(rows[0]?.message).toBe('<p>Studio <strong>closed</strong> Monday</p>')
    expect(rows[0]?.expiry_date).toBeInstanceOf(Date)
  })

  it('shows staff every notice in the manage list, and the board only the published ones split by type', async () => {
    const page = await get(dashboardLoader, '/dashboard?notices=list', cookies.ROLE_STAFF)
    expect(page.status).toBe(200)
    const body = page.body as { staffBoard: { board: Board; manage: { view: string; notices: Array<{ preview: string; isActive: boolean }> } } }
    expect(body.staffBoard.manage.view).toBe('list')
    expect(body.staffBoard.manage.notices.map((notice) => notice.preview)).toEqual(['Draft plan', 'Breathe in.', 'Studio closed Monday'])
    expect(body.staffBoard.board.notices.map((notice) => notice.message)).toEqual(['<p>Studio <strong>closed</strong> Monday</p>'])
    expect(body.staffBoard.board.quotes.map((notice) => notice.message)).toEqual(['<p>Breathe in.</p>'])
  })

  it('shows students only published notices, with no way to manage them', async () => {
    const page = await get(classesLoader, '/classes', cookies.ROLE_STUDENT)
    expect(page.status).toBe(200)
    const board = (page.body as { studentBoard: { board: Board } }).studentBoard.board
    expect([...board.notices, ...board.quotes].map((notice) => notice.message)).toEqual(['<p>Studio <strong>closed</strong> Monday</p>', '<p>Breathe in.</p>'])
    const studentPost = await post(dashboardAction, '/dashboard', { intent: 'notice-add', type: 'notice', message: '<p>Mine</p>', isActive: 'true' }, cookies.ROLE_STUDENT)
    expect(studentPost.status).toBeGreaterThanOrEqual(300)
    expect(studentPost.status).not.toBe(200)
    expect(await noticeRows(tenant)).toHaveLength(3)
  })

  it('edits and deletes a notice, and another studio cannot reach it (404)', async () => {
    const [first] = await noticeRows(tenant)
    if (!first) throw new Error('no notice')
    const edit = await get(dashboardLoader, `/dashboard?notices=edit&id=${first.id}`, cookies.ROLE_ADMIN)
    expect((edit.body as { staffBoard: { manage: { view: string } } }).staffBoard.manage.view).toBe('edit')

    const foreignEdit = await get(dashboardLoader, `/dashboard?notices=edit&id=${first.id}`, otherCookies.ROLE_ADMIN, other)
    expect(foreignEdit.status).toBe(404)
    const foreignSave = await post(dashboardAction, '/dashboard', { intent: 'notice-edit', id: first.id, type: 'quote', message: '<p>Taken</p>', isActive: 'true' }, otherCookies.ROLE_ADMIN, other)
    expect(foreignSave.status).toBe(404)
    const foreignDelete = await post(dashboardAction, '/dashboard', { intent: 'notice-delete', id: first.id }, otherCookies.ROLE_ADMIN, other)
    expect(foreignDelete.status).toBe(404)
    const malformed = await get(dashboardLoader, '/dashboard?notices=delete&id=nope', cookies.ROLE_ADMIN)
    expect(malformed.status).toBe(404)

    const saved = await post(dashboardAction, '/dashboard', { intent: 'notice-edit', id: first.id, type: 'notice', message: '<p>Open <a href="javascript:alert(1)">Monday</a></p>', isActive: 'false' }, cookies.ROLE_ADMIN)
    expect(saved.status).toBe(302)
    const after = (await noticeRows(tenant)).find((row) => row.id === first.id)
    expect(after).toMatchObject({ is_active: false, message: '<p>Open <a>Monday</a></p>' })

    const deleted = await post(dashboardAction, '/dashboard', { intent: 'notice-delete', id: first.id }, cookies.ROLE_ADMIN)
    expect(deleted.location).toBe('/dashboard?notices=list')
    expect(toastOf(deleted)).toEqual({ type: 'success', message: 'Notice or Quote deleted successfullly' })
    expect((await noticeRows(tenant)).some((row) => row.id === first.id)).toBe(false)
  })

  it('takes a student’s feedback, refusing a blank message, and pages it for staff with links to profiles', async () => {
    const blank = await post(classesAction, '/classes', { intent: 'feedback-send', message: '   ' }, cookies.ROLE_STUDENT)
    expect(blank.status).toBe(400)
    expect(blank.body).toMatchObject({ board: { feedbackError: FEEDBACK_MESSAGES.required } })
    const sent = await post(classesAction, '/classes', { intent: 'feedback-send', message: 'Loved the class' }, cookies.ROLE_STUDENT)
    expect(sent.location).toBe('/classes')
    expect(toastOf(sent)).toEqual({ type: 'success', message: 'Feedback submited successfully' })

    // 120 more, from another student, to page through.
    const student = await createContact(platform, tenant, { role: 'ROLE_STUDENT', email: 'pager@noticed.test' })
    await withTenant(platform.database, tenant.id, (trx) =>
      trx
        .insertInto('feedback_entries')
        .values(Array.from({ length: 120 }, (_, index) => ({ tenant_id: tenant.id, contact_id: student.id, message: `Note ${index}`, created_at: new Date(Date.UTC(2020, 0, 1, 0, index)), updated_at: new Date(Date.UTC(2020, 0, 1, 0, index)) })))
        .execute(),
    )
    type FeedbackBody = { staffBoard: { feedback: { entries: Array<{ message: string; profileHref: string | null }>; total: number; size: number; page: number } } }
    const first = (await get(dashboardLoader, '/dashboard?feedback=list', cookies.ROLE_ADMIN)).body as FeedbackBody
    expect(first.staffBoard.feedback).toMatchObject({ total: 121, size: 50, page: 1 })
    expect(first.staffBoard.feedback.entries).toHaveLength(50)
    expect(first.staffBoard.feedback.entries[0]?.message).toBe('Loved the class')
    expect(first.staffBoard.feedback.entries[0]?.profileHref).toMatch(/^\/contacts\/[0-9a-f-]{36}\/details$/)
    const third = (await get(dashboardLoader, '/dashboard?feedback=list&size=50&page=3', cookies.ROLE_ADMIN)).body as FeedbackBody
    expect(third.staffBoard.feedback.entries).toHaveLength(21)
    const big = (await get(dashboardLoader, '/dashboard?feedback=list&size=150', cookies.ROLE_ADMIN)).body as FeedbackBody
    expect(big.staffBoard.feedback.entries).toHaveLength(121)
    const odd = (await get(dashboardLoader, '/dashboard?feedback=list&size=7&page=-2', cookies.ROLE_ADMIN)).body as FeedbackBody
    expect(odd.staffBoard.feedback).toMatchObject({ size: 50, page: 1 })
    const elsewhere = (await get(dashboardLoader, '/dashboard?feedback=list', otherCookies.ROLE_ADMIN, other)).body as FeedbackBody
    expect(elsewhere.staffBoard.feedback.total).toBe(0)
  })

  it('asks for a review while the student has none and a Google link exists, validates it, and takes it once', async () => {
    type StudentBody = { studentBoard: { showRatingBar: boolean; reviewDialog: { step: string; stars?: number | null } | null } }
    const before = (await get(classesLoader, '/classes?review=write&stars=4', cookies.ROLE_STUDENT)).body as StudentBody
    expect(before.studentBoard.showRatingBar).toBe(true)
    expect(before.studentBoard.reviewDialog).toMatchObject({ step: 'write', stars: 4 })

    const noRating = await post(classesAction, '/classes', { intent: 'review-add', reviewText: 'A lovely studio to train in' }, cookies.ROLE_STUDENT)
    expect(noRating.status).toBe(400)
    expect(noRating.body).toMatchObject({ board: { review: { errors: { stars: 'Ratings is required.' } } } })
    const short = await post(classesAction, '/classes', { intent: 'review-add', stars: '5', reviewText: ' too short ' }, cookies.ROLE_STUDENT)
    expect(short.body).toMatchObject({ board: { review: { errors: { reviewText: 'Review is required and must be at least 10 characters long.' } } } })
    const six = await post(classesAction, '/classes', { intent: 'review-add', stars: '6', reviewText: 'A lovely studio to train in' }, cookies.ROLE_STUDENT)
    expect(six.body).toMatchObject({ board: { review: { errors: { stars: REVIEW_MESSAGES.ratingRequired } } } })

    const added = await post(classesAction, '/classes', { intent: 'review-add', stars: '5', reviewText: 'A lovely studio to train in' }, cookies.ROLE_STUDENT)
    expect(added.location).toBe('/classes?review=google')
    const again = await post(coursesAction, '/mycourses', { intent: 'review-add', stars: '1', reviewText: 'Changed my mind entirely' }, cookies.ROLE_STUDENT)
    expect(toastOf(again)).toEqual({ type: 'error', message: REVIEW_MESSAGES.alreadyReviewed })
    const rows = await asSystem(platform.database, 'test: all reviews', (trx) => trx.selectFrom('student_reviews').selectAll().execute())
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ stars: 5, review_text: 'A lovely studio to train in', is_reviewed_on_google: false })

    const offer = (await get(classesLoader, '/classes?review=google', cookies.ROLE_STUDENT)).body as StudentBody
    expect(offer.studentBoard).toMatchObject({ showRatingBar: false, reviewDialog: { step: 'google' } })
    const toGoogle = await post(classesAction, '/classes', { intent: 'review-google' }, cookies.ROLE_STUDENT)
    expect(toGoogle.location).toBe(GOOGLE)
    const marked = await withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('student_reviews').select('is_reviewed_on_google').executeTakeFirstOrThrow())
    expect(marked.is_reviewed_on_google).toBe(true)
  })

  it('shows no rating bar without a Google link, and staff see reviews at /reviews, their studio’s only', async () => {
    const studentElsewhere = (await get(classesLoader, '/classes', otherCookies.ROLE_STUDENT, other)).body as { studentBoard: { showRatingBar: boolean } }
    expect(studentElsewhere.studentBoard.showRatingBar).toBe(false)
    const reviews = await get(reviewsLoader, '/reviews', cookies.ROLE_STAFF)
    expect(reviews.status).toBe(200)
    expect(reviews.body).toMatchObject({ total: 1, reviews: [{ stars: 5, reviewText: 'A lovely studio to train in', isReviewedOnGoogle: true }] })
    const elsewhere = await get(reviewsLoader, '/reviews', otherCookies.ROLE_ADMIN, other)
    expect(elsewhere.body).toMatchObject({ total: 0, reviews: [] })
    const asStudent = await get(reviewsLoader, '/reviews', cookies.ROLE_STUDENT)
    expect(asStudent.status).not.toBe(200)
  })

  it('lets a student preview read the board but write nothing', async () => {
    const cookie = await createSessionCookie(platform, tenant, admin, { state: { preview: { kind: 'student', staffContactId: admin.id } } })
    const page = await get(classesLoader, '/classes?feedback', cookie)
    expect(page.body).toMatchObject({ studentBoard: { showRatingBar: false, canSendFeedback: false, feedbackOpen: false } })
    const sent = await post(classesAction, '/classes', { intent: 'feedback-send', message: 'From a preview' }, cookie)
    expect(sent.status).toBe(302)
    const stored = await withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('feedback_entries').select('id').where('message', '=', 'From a preview').execute())
    expect(stored).toHaveLength(0)
  })
})
