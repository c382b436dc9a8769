import { action as pformAction } from '#app/routes/_forms+/pforms.$guId'
import { loader as detailLoader } from '#app/routes/_site+/courses_.details.$slug'
import { asSystem } from '#db/tenant-scope'
import { DEMO_COURSE_NAME } from '#db/seed-catalog-data'
import type { FormDefinition } from '#server/forms/form-definition'
import { issueFormStamp } from '#server/forms/fill-time'
import { callRoute, formPostRequest, getRequest, rjsfFormBody, toastOf } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'
import { createTrialForm, validPost } from '#tests/integration/forms/form-fixtures'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`the registration form's course and isDemo flow, spec 002 section 4 (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let form: FormDefinition
  const courses = { intro: '', paidDemo: '', paidOnly: '', elsewhere: '' }
  let visitor = 0

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'coursedemo')
    form = await createTrialForm(platform, world.tenant)
    await asSystem(platform.database, 'test fixture', async (trx) => {
      const add = (tenantId: string, name: string, slug: string, paymentType: 'FREE' | 'PAID', isAllowDemoChapters: boolean) =>
        trx
          .insertInto('catalog_items')
          .values({ tenant_id: tenantId, kind: 'course', name, slug, payment_type: paymentType, is_allow_demo_chapters: isAllowDemoChapters, is_published: true })
          .returning('guid')
          .executeTakeFirstOrThrow()
      courses.intro = (await add(world.tenant.id, DEMO_COURSE_NAME, 'introductory-session', 'FREE', true)).guid
      courses.paidDemo = (await add(world.tenant.id, 'Foundations', 'foundations', 'PAID', true)).guid
      courses.paidOnly = (await add(world.tenant.id, 'Teacher Training', 'teacher-training', 'PAID', false)).guid
      courses.elsewhere = (await add(world.other.id, 'Theirs', 'theirs', 'FREE', true)).guid
    })
  })
  afterAll(() => platform.close())

  const submit = (search: string) => {
    visitor += 1
    const body = rjsfFormBody(validPost(form, { email: `visitor${visitor}@coursedemo.test`, formStartedAt: issueFormStamp(platform.env, form.id, Date.now() - 30_000) }))
    return callRoute(pformAction, formPostRequest(`http://${world.host}/pforms/${form.guId}${search}`, body), world.context(), { guId: form.guId })
  }
  const enrolmentOf = (email: string) =>
    asSystem(platform.database, 'test check', (trx) =>
      trx
        .selectFrom('course_enrolments as e')
        .innerJoin('contacts as c', 'c.id', 'e.contact_id')
        .innerJoin('catalog_items as i', 'i.id', 'e.course_id')
        .select(['i.guid', 'e.is_demo'])
        .where('c.email', '=', email)
        .execute(),
    )

  it("enrols the person in the free demo course 'Introductory Session' and shows 'Course enrolled successfully'", async () => {
    const posted = await submit(`?isDemo=true&course=${courses.intro}`)
    expect(posted.status).toBe(303)
    expect(posted.location).toBe('/courses/details/introductory-session')
    expect(toastOf(posted)).toEqual({ type: 'success', message: 'Course enrolled successfully' })
    expect(await enrolmentOf(`visitor${visitor}@coursedemo.test`)).toEqual([{ guid: courses.intro, is_demo: false }])
    // The course page shows the toast once and clears it.
    const cookie = posted.setCookies.map((line) => line.split(';', 1)[0]).join('; ')
    const page = await callRoute(detailLoader, getRequest(`http://${world.host}/courses/details/introductory-session`, cookie), world.context(), { slug: 'introductory-session' })
    expect(page.body).toMatchObject({ toast: { message: 'Course enrolled successfully' } })
    expect(page.setCookies.some((line) => line.startsWith('toast=;'))).toBe(true)
  })

  it('gives a demo enrolment in a paid course that allows demo chapters', async () => {
    const posted = await submit(`?isDemo=true&course=${courses.paidDemo}`)
    expect(toastOf(posted)?.message).toBe('Course enrolled successfully')
    expect(await enrolmentOf(`visitor${visitor}@coursedemo.test`)).toEqual([{ guid: courses.paidDemo, is_demo: true }])
  })

  it('sends the person to the course page, enrolling nobody, when neither the demo flag nor a free course applies', async () => {
    for (const search of [`?course=${courses.paidDemo}`, `?isDemo=true&course=${courses.paidOnly}`]) {
      const posted = await submit(search)
      expect(posted.status).toBe(303)
      expect(posted.location).toMatch(/^\/courses\/details\/(foundations|teacher-training)$/)
      expect(toastOf(posted)).toBeNull()
      expect(await enrolmentOf(`visitor${visitor}@coursedemo.test`)).toEqual([])
    }
  })

  it("ignores another tenant's course or a malformed id: the form's own thank-you page", async () => {
    for (const search of [`?isDemo=true&course=${courses.elsewhere}`, '?isDemo=true&course=nope']) {
      const posted = await submit(search)
      expect(posted.status).toBe(303)
      expect(posted.location).toMatch(new RegExp(`^/pforms/${form.guId}/submitted/`))
      expect(await enrolmentOf(`visitor${visitor}@coursedemo.test`)).toEqual([])
    }
  })
})
