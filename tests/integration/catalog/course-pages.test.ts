import { loader as coursesLoader } from '#app/routes/_site+/courses'
import { loader as detailLoader } from '#app/routes/_site+/courses_.details.$slug'
import { loader as myCoursesLoader } from '#app/routes/_student+/mycourses'
import { loader as courseLoader, action as courseAction } from '#app/routes/_student+/mycourses_.$guId'
import { loader as enrolLoader, action as enrolAction } from '#app/routes/_student+/mycourses_.enrol.$guId'
import { asSystem } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { callRoute, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`public course pages, free enrolment and the student's courses (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  const ids = { free: '', freeId: '', paid: '', paidId: '', demoChapter: '', lockedChapter: '', secondFree: '' }

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'coursepages', { email: 'hello@coursepages.test', phone: '555-0100', registerButtonLabel: 'Join now' })
    await asSystem(platform.database, 'test fixture', async (trx) => {
      const add = (values: { name: string; slug: string; payment_type: 'FREE' | 'PAID'; is_published?: boolean; description_html?: string }) =>
        trx
          .insertInto('catalog_items')
          .values({ tenant_id: world.tenant.id, kind: 'course', summary: `${values.name} summary`, is_allow_demo_chapters: true, is_published: true, ...values })
          .returning(['id', 'guid'])
          .executeTakeFirstOrThrow()
      const free = await add({ name: 'Free Intro', slug: 'free-intro', payment_type: 'FREE' })
      const paid = await add({ name: 'Paid Deep Dive', slug: 'paid-deep-dive', payment_type: 'PAID' })
      await add({ name: 'Hidden Draft', slug: 'hidden-draft', payment_type: 'FREE', is_published: false })
      await add({ name: 'Breakout </script><script>alert(1)</script>', slug: 'breakout', payment_type: 'FREE', description_html: '<p>Hello</p><img src=x onerror=alert(1)>' })
      Object.assign(ids, { free: free.guid, freeId: free.id, paid: paid.guid, paidId: paid.id })
      await trx.insertInto('item_price_options').values({ tenant_id: world.tenant.id, item_id: paid.id, name: 'Full course', price_minor: 9900, currency: 'USD' }).execute()
      const section = await trx.insertInto('course_sections').values({ tenant_id: world.tenant.id, course_id: free.id, title: 'Start', sequence: 1 }).returning('id').executeTakeFirstOrThrow()
      const chapters = await trx
        .insertInto('course_chapters')
        .values([
          { tenant_id: world.tenant.id, section_id: section.id, title: 'Try me', sequence: 1, content_type: 'text', body_html: '<p>Demo text</p>', is_demo: true },
          { tenant_id: world.tenant.id, section_id: section.id, title: 'Enrolled only', sequence: 2, content_type: 'text', body_html: '<p>Secret text</p>' },
        ])
        .returning('guid')
        .execute()
      ids.demoChapter = chapters[0].guid
      ids.lockedChapter = chapters[1].guid
    })
  })
  afterAll(() => platform.close())

  const coursesOff = () => contextFor(platform, { ...world.tenant, settings: { ...world.tenant.settings, isShowCourses: false } } as Tenant)
  const detail = (slug: string, cookie: string | null = null, search = '', context = world.context()) =>
    callRoute(detailLoader, getRequest(`http://${world.host}/courses/details/${slug}${search}`, cookie), context, { slug })
  type Detail = { course: { name: string; priceOptions: Array<{ price: string }> }; register: { kind: string }; openChapter: { title: string; bodyHtml: string } | null; jsonLd: string; head: Array<Record<string, string>> }

  it('lists the published courses with their prices in the tenant currency; 404 while courses are hidden', async () => {
    const page = await callRoute(coursesLoader, getRequest(`http://${world.host}/courses`), world.context())
    expect(page.status).toBe(200)
    const cards = (page.body as { courses: Array<{ name: string; priceLabel: string }> }).courses
    expect(cards.map((card) => [card.name, card.priceLabel])).toEqual([
      ['Breakout </script><script>alert(1)</script>', 'Free'],
      ['Free Intro', 'Free'],
      ['Paid Deep Dive', '$99.00'],
    ])
    expect((await callRoute(coursesLoader, getRequest(`http://${world.host}/courses`), coursesOff())).status).toBe(404)
  })

  it('shows a course page with Course structured data; unknown, unpublished and other tenants’ slugs are 404', async () => {
    const paid = await detail('paid-deep-dive')
    expect(paid.status).toBe(200)
    const body = paid.body as Detail
    expect(body.course.priceOptions.map((option) => option.price)).toEqual(['$99.00'])
    // No checkout yet: no buy button, a line on how to enrol.
    expect(body.register).toEqual({ kind: 'contact' })
    expect(JSON.parse(body.jsonLd)).toMatchObject({ '@type': 'Course', name: 'Paid Deep Dive', offers: [{ price: '99.00', priceCurrency: 'USD' }] })
    expect(body.head).toContainEqual({ tagName: 'link', rel: 'canonical', href: `http://${world.host}/courses/details/paid-deep-dive` })
    expect((await detail('hidden-draft')).status).toBe(404)
    expect((await detail('no-such-course')).status).toBe(404)
    expect((await detail('free-intro', null, '', contextFor(platform, world.other))).status).toBe(404)
    expect((await detail('free-intro', null, '', coursesOff())).status).toBe(404)
  })

  it("keeps a course name that holds '</script>' inside its structured data, and sanitises a description written past the editor", async () => {
    const body = (await detail('breakout')).body as Detail & { course: { descriptionHtml: string } }
    expect(body.course.descriptionHtml).toContain('<p>Hello</p>')
    expect(body.course.descriptionHtml).not.toContain('onerror')
    expect(body.jsonLd).not.toMatch(/[<>]/)
    expect(JSON.parse(body.jsonLd)).toMatchObject({ name: 'Breakout </script><script>alert(1)</script>' })
  })

  it('opens a demo chapter to a visitor, never a chapter for enrolled students', async () => {
    const demo = (await detail('free-intro', null, `?chapter=${ids.demoChapter}`)).body as Detail
    expect(demo.openChapter).toMatchObject({ title: 'Try me', bodyHtml: '<p>Demo text</p>' })
    const locked = (await detail('free-intro', null, `?chapter=${ids.lockedChapter}`)).body as Detail
    expect(locked.openChapter).toBeNull()
    expect(JSON.stringify(locked)).not.toContain('Secret text')
    expect(demo.register).toEqual({ kind: 'sign-in', loginPath: `/login?redirectTo=%2Fmycourses%2Fenrol%2F${ids.free}`, registerPath: `/register?redirectTo=%2Fmycourses%2Fenrol%2F${ids.free}` })
  })

  it('enrols a signed-in student in a free course at once; a paid course is refused; a visitor cannot reach the enrol page', async () => {
    const enrolUrl = (guid: string) => `http://${world.host}/mycourses/enrol/${guid}`
    const ask = await callRoute(enrolLoader, getRequest(enrolUrl(ids.free), world.cookies.student), world.context(), { guId: ids.free })
    expect(ask.status).toBe(200)
    expect(ask.body).toMatchObject({ isFree: true, registerLabel: 'Join now' })
    expect((await detail('free-intro', world.cookies.student)).body).toMatchObject({ register: { kind: 'enrol-now', action: `/mycourses/enrol/${ids.free}` } })

    const paid = await callRoute(enrolAction, formPostRequest(enrolUrl(ids.paid), {}, world.cookies.student), world.context(), { guId: ids.paid })
    expect(paid.status).toBe(400)
    const enrolled = await callRoute(enrolAction, formPostRequest(enrolUrl(ids.free), {}, world.cookies.student), world.context(), { guId: ids.free })
    expect(enrolled.status).toBe(303)
    expect(enrolled.location).toBe(`/mycourses/${ids.free}`)
    expect(toastOf(enrolled)?.message).toBe('Course enrolled successfully')
    // Twice is still one enrolment.
    await callRoute(enrolAction, formPostRequest(enrolUrl(ids.free), {}, world.cookies.student), world.context(), { guId: ids.free })
    const rows = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('course_enrolments').select(['course_id', 'is_demo']).where('contact_id', '=', world.student.id).execute(),
    )
    expect(rows).toEqual([{ course_id: ids.freeId, is_demo: false }])
    expect((await detail('free-intro', world.cookies.student)).body).toMatchObject({ register: { kind: 'enrolled' } })
    expect((await callRoute(enrolLoader, getRequest(enrolUrl(ids.free)), world.context(), { guId: ids.free })).status).toBe(302)
    expect((await callRoute(enrolAction, formPostRequest(enrolUrl(ids.free), {}, world.cookies.student), coursesOff(), { guId: ids.free })).status).toBe(404)
  })

  it('lists the enrolled course with progress and records Mark as complete', async () => {
    const list = await callRoute(myCoursesLoader, getRequest(`http://${world.host}/mycourses`, world.cookies.student), world.context())
    expect((list.body as { courses: unknown[] }).courses).toEqual([expect.objectContaining({ guid: ids.free, chapterCount: 2, completedCount: 0 })])
    const courseUrl = `http://${world.host}/mycourses/${ids.free}`
    const opened = await callRoute(courseLoader, getRequest(courseUrl, world.cookies.student), world.context(), { guId: ids.free })
    expect(opened.body).toMatchObject({ current: { title: 'Try me' }, next: ids.lockedChapter })

    const done = await callRoute(courseAction, formPostRequest(courseUrl, { intent: 'complete', chapter: ids.demoChapter, next: ids.lockedChapter }, world.cookies.student), world.context(), { guId: ids.free })
    expect(done.status).toBe(303)
    expect(done.location).toBe(`/mycourses/${ids.free}?chapter=${ids.lockedChapter}`)
    const after = await callRoute(myCoursesLoader, getRequest(`http://${world.host}/mycourses`, world.cookies.student), world.context())
    expect((after.body as { courses: unknown[] }).courses).toEqual([expect.objectContaining({ completedCount: 1, status: 'active' })])
    await callRoute(courseAction, formPostRequest(courseUrl, { intent: 'complete', chapter: ids.lockedChapter }, world.cookies.student), world.context(), { guId: ids.free })
    const finished = await callRoute(myCoursesLoader, getRequest(`http://${world.host}/mycourses`, world.cookies.student), world.context())
    expect((finished.body as { courses: unknown[] }).courses).toEqual([expect.objectContaining({ completedCount: 2, status: 'completed' })])

    // A course the student is not enrolled in, and a chapter of another course, are 404.
    expect((await callRoute(courseLoader, getRequest(`http://${world.host}/mycourses/${ids.paid}`, world.cookies.student), world.context(), { guId: ids.paid })).status).toBe(404)
    const wrong = await callRoute(courseAction, formPostRequest(`http://${world.host}/mycourses/${ids.paid}`, { intent: 'complete', chapter: ids.demoChapter }, world.cookies.student), world.context(), { guId: ids.paid })
    expect(wrong.status).toBe(404)
    const bad = await callRoute(courseAction, formPostRequest(courseUrl, { intent: 'finish' }, world.cookies.student), world.context(), { guId: ids.free })
    expect(bad.status).toBe(400)
  })
})
