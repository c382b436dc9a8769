import { loader as contentLoader, action as contentAction } from '#app/routes/_admin+/services+/$guId_.content'
import { loader as fileLoader } from '#app/routes/_site+/courses_.files.$chapterGuId'
import { asSystem } from '#db/tenant-scope'
import { COURSE_CONTENT_MESSAGES } from '#server/catalog/courses/chapter-input'
import type { Tenant } from '#server/tenancy/tenant'
import { callRoute, formPostRequest, getRequest, toastOf } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const granted = { staff: true, frontDesk: true }

describe(`/services/{guid}/content: sections and chapters of a course (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let courseGuid: string
  let courseId: string
  let strangerCourseGuid: string
  let strangerSectionGuid: string

  beforeAll(async () => {
    platform = await createTestPlatform()
    // Staff may not manage courses here; front desk may.
    world = await createUsersWorld(platform, 'coursecontent', { roles: { classes: granted, courses: { staff: false, frontDesk: true }, offers: granted, contacts: granted } })
    await asSystem(platform.database, 'test fixture', async (trx) => {
      const course = await trx
        .insertInto('catalog_items')
        .values({ tenant_id: world.tenant.id, kind: 'course', name: 'Breathwork', slug: 'breathwork', payment_type: 'FREE', is_published: true, is_allow_demo_chapters: true })
        .returning(['id', 'guid'])
        .executeTakeFirstOrThrow()
      courseGuid = course.guid
      courseId = course.id
      const stranger = await trx
        .insertInto('catalog_items')
        .values({ tenant_id: world.other.id, kind: 'course', name: 'Elsewhere', slug: 'elsewhere', is_published: true })
        .returning(['id', 'guid'])
        .executeTakeFirstOrThrow()
      strangerCourseGuid = stranger.guid
      const section = await trx.insertInto('course_sections').values({ tenant_id: world.other.id, course_id: stranger.id, title: 'Theirs', sequence: 1 }).returning('guid').executeTakeFirstOrThrow()
      strangerSectionGuid = section.guid
    })
  })
  afterAll(() => platform.close())

  const url = (guid = courseGuid, search = '') => `http://${world.host}/services/${guid}/content${search}`
  const get = (cookie: string | null, guid = courseGuid, context = world.context()) => callRoute(contentLoader, getRequest(url(guid), cookie), context, { guId: guid })
  const post = (fields: Record<string, string> | FormData | URLSearchParams, cookie = world.cookies.admin, guid = courseGuid, context = world.context()) =>
    callRoute(contentAction, formPostRequest(url(guid), fields, cookie), context, { guId: guid })
  const withSettings = (changes: Record<string, unknown>) => contextFor(platform, { ...world.tenant, settings: { ...world.tenant.settings, ...changes } } as Tenant)

  const snapshot = () =>
    asSystem(platform.database, 'test snapshot', async (trx) => {
      const sections = await trx.selectFrom('course_sections').select(['guid', 'title', 'sequence']).where('course_id', '=', courseId).orderBy('sequence').execute()
      const chapters = await trx
        .selectFrom('course_chapters as ch')
        .innerJoin('course_sections as s', 's.id', 'ch.section_id')
        .select(['ch.guid', 'ch.title', 'ch.sequence', 's.guid as section', 'ch.content_type', 'ch.video_url', 'ch.video_embed_url', 'ch.file_key', 'ch.file_name', 'ch.is_demo', 'ch.body_html'])
        .where('s.course_id', '=', courseId)
        .orderBy('s.sequence')
        .orderBy('ch.sequence')
        .execute()
      return { sections, chapters }
    })

  it('opens for the admin and front desk; 403 for staff without the Roles permission; a visitor signs in', async () => {
    expect((await get(world.cookies.admin)).status).toBe(200)
    expect((await get(world.cookies.frontDesk)).status).toBe(200)
    expect((await get(world.cookies.staff)).status).toBe(403)
    expect((await get(null)).status).toBe(302)
  })

  it("answers 404 for another tenant's course, a guid that is no uuid, and while courses are switched off", async () => {
    expect((await get(world.cookies.admin, strangerCourseGuid)).status).toBe(404)
    expect((await get(world.cookies.admin, 'not-a-guid')).status).toBe(404)
    expect((await get(world.cookies.admin, courseGuid, withSettings({ isShowCourses: false }))).status).toBe(404)
    expect((await post({ intent: 'add-section', title: 'Nope' }, world.cookies.admin, courseGuid, withSettings({ isShowCourses: false }))).status).toBe(404)
    expect((await post({ intent: 'add-section', title: 'Nope' }, world.cookies.staff)).status).toBe(403)
    expect((await post({ intent: 'add-section', title: 'Nope' }, world.cookies.admin, strangerCourseGuid)).status).toBe(404)
    expect((await snapshot()).sections).toEqual([])
  })

  it('adds and renames sections; a blank title is refused next to the field and writes nothing', async () => {
    const added = await post({ intent: 'add-section', title: '  Week one ' })
    expect(added.status).toBe(303)
    expect(toastOf(added)?.message).toBe('Section added.')
    await post({ intent: 'add-section', title: 'Week two' })
    await post({ intent: 'add-section', title: 'Week three' })
    const before = await snapshot()
    expect(before.sections.map((section) => [section.title, section.sequence])).toEqual([['Week one', 1], ['Week two', 2], ['Week three', 3]])

    const blank = await post({ intent: 'add-section', title: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.body).toMatchObject({ kind: 'invalid', fieldErrors: { title: COURSE_CONTENT_MESSAGES.sectionTitleRequired } })
    const tooLong = await post({ intent: 'rename-section', section: before.sections[0].guid, title: 'x'.repeat(201) })
    expect(tooLong.status).toBe(400)
    expect(await snapshot()).toEqual(before)

    expect((await post({ intent: 'rename-section', section: before.sections[0].guid, title: 'Week 1' })).status).toBe(303)
    expect((await post({ intent: 'rename-section', section: strangerSectionGuid, title: 'Mine now' })).status).toBe(404)
    expect((await snapshot()).sections[0].title).toBe('Week 1')
    expect((await post({ intent: 'wobble' })).status).toBe(400)
  })

  it('moves sections up and down with buttons and takes a dragged order; a stale order is refused', async () => {
    const [one, two, three] = (await snapshot()).sections
    expect((await post({ intent: 'move-section', section: three.guid, direction: 'up' })).status).toBe(303)
    expect((await snapshot()).sections.map((section) => section.guid)).toEqual([one.guid, three.guid, two.guid])
    expect((await post({ intent: 'move-section', section: one.guid, direction: 'up' })).status).toBe(303)
    expect((await snapshot()).sections.map((section) => section.guid)).toEqual([one.guid, three.guid, two.guid])

    const drag = new URLSearchParams([['intent', 'order-sections'], ['order', two.guid], ['order', one.guid], ['order', three.guid]])
    const dragged = await post(drag)
    expect(dragged.status).toBe(200)
    expect((await snapshot()).sections.map((section) => [section.guid, section.sequence])).toEqual([[two.guid, 1], [one.guid, 2], [three.guid, 3]])

    const stale = await post(new URLSearchParams([['intent', 'order-sections'], ['order', two.guid], ['order', one.guid]]))
    expect(stale.status).toBe(409)
    const foreign = await post(new URLSearchParams([['intent', 'order-sections'], ['order', two.guid], ['order', one.guid], ['order', strangerSectionGuid]]))
    expect(foreign.status).toBe(409)
    expect((await snapshot()).sections.map((section) => section.guid)).toEqual([two.guid, one.guid, three.guid])
  })

  it('adds text, video and file chapters; converts the video link by the spec rule and sanitises the text', async () => {
    const section = (await snapshot()).sections[0]
    const text = await post({ intent: 'add-chapter', section: section.guid, title: 'Read me', contentType: 'text', bodyHtml: '<p>Hello<script>alert(1)</script> <b>there</b></p>', isDemo: 'on' })
    expect(text.status).toBe(303)
    const video = await post({ intent: 'add-chapter', section: section.guid, title: 'Watch me', contentType: 'video', videoUrl: 'https://youtu.be/inpok4MKVLM?t=90' })
    expect(video.status).toBe(303)
    const form = new FormData()
    for (const [name, value] of Object.entries({ intent: 'add-chapter', section: section.guid, title: 'Handout', contentType: 'file' })) form.set(name, value)
    form.set('file', new File(['poses and breath'], 'Handout: one?.pdf', { type: 'application/pdf' }))
    expect((await post(form)).status).toBe(303)

    const chapters = (await snapshot()).chapters
    expect(chapters.map((chapter) => [chapter.title, chapter.sequence, chapter.content_type, chapter.is_demo])).toEqual([
      ['Read me', 1, 'text', true],
      ['Watch me', 2, 'video', false],
      ['Handout', 3, 'file', false],
    ])
    expect(chapters[0].body_html).toBe('<p>Hello <b>there</b></p>')
    expect(chapters[1].video_url).toBe('https://youtu.be/inpok4MKVLM?t=90')
    expect(chapters[1].video_embed_url).toBe('https://www.youtube-nocookie.com/embed/inpok4MKVLM?start=90')
    expect(chapters[2].file_name).toBe('Handout one.pdf')
    expect(chapters[2].file_key).toMatch(/^course-files\/[0-9a-f]{36}$/)
  })

  it('refuses a bad chapter with messages next to its fields and writes nothing', async () => {
    const section = (await snapshot()).sections[0]
    const before = await snapshot()
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ title: '', contentType: 'text', bodyHtml: '<p>x</p>' }, 'title', COURSE_CONTENT_MESSAGES.chapterTitleRequired],
      [{ title: 'T', contentType: 'text', bodyHtml: '<p><br></p>' }, 'bodyHtml', COURSE_CONTENT_MESSAGES.textRequired],
      [{ title: 'V', contentType: 'video', videoUrl: '' }, 'videoUrl', COURSE_CONTENT_MESSAGES.videoRequired],
      [{ title: 'V', contentType: 'video', videoUrl: 'https://example.com/watch?v=inpok4MKVLM' }, 'videoUrl', COURSE_CONTENT_MESSAGES.videoInvalid],
      [{ title: 'F', contentType: 'file' }, 'file', COURSE_CONTENT_MESSAGES.fileRequired],
      [{ title: 'X', contentType: 'audio' }, 'contentType', COURSE_CONTENT_MESSAGES.typeRequired],
    ]
    for (const [fields, field, message] of cases) {
      const outcome = await post({ intent: 'add-chapter', section: section.guid, ...fields })
      expect(outcome.status).toBe(400)
      expect((outcome.body as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBe(message)
    }
    const big = new FormData()
    for (const [name, value] of Object.entries({ intent: 'add-chapter', section: section.guid, title: 'Big', contentType: 'file' })) big.set(name, value)
    big.set('file', new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'big.bin'))
    const tooBig = await post(big)
    expect(tooBig.status).toBe(400)
    expect((tooBig.body as { fieldErrors: Record<string, string> }).fieldErrors.file).toBe(COURSE_CONTENT_MESSAGES.fileTooLarge)
    expect((await post({ intent: 'add-chapter', section: strangerSectionGuid, title: 'T', contentType: 'text', bodyHtml: '<p>x</p>' })).status).toBe(404)
    expect(await snapshot()).toEqual(before)
  })

  it('edits, moves, reorders and deletes chapters', async () => {
    const [read, watch, handout] = (await snapshot()).chapters
    const edited = await post({ intent: 'edit-chapter', chapter: watch.guid, title: 'Watch this', contentType: 'video', videoUrl: 'https://vimeo.com/76979871' })
    expect(edited.status).toBe(303)
    expect((await snapshot()).chapters[1]).toMatchObject({ title: 'Watch this', video_embed_url: 'https://player.vimeo.com/video/76979871' })
    // A file chapter keeps its file when edited without a new one.
    expect((await post({ intent: 'edit-chapter', chapter: handout.guid, title: 'Handout (PDF)', contentType: 'file' })).status).toBe(303)
    expect((await snapshot()).chapters[2]).toMatchObject({ title: 'Handout (PDF)', file_key: handout.file_key })

    expect((await post({ intent: 'move-chapter', chapter: handout.guid, direction: 'up' })).status).toBe(303)
    expect((await snapshot()).chapters.map((chapter) => chapter.guid)).toEqual([read.guid, handout.guid, watch.guid])
    const section = (await snapshot()).sections[0]
    const drag = new URLSearchParams([['intent', 'order-chapters'], ['section', section.guid], ['order', watch.guid], ['order', read.guid], ['order', handout.guid]])
    expect((await post(drag)).status).toBe(200)
    expect((await snapshot()).chapters.map((chapter) => [chapter.guid, chapter.sequence])).toEqual([[watch.guid, 1], [read.guid, 2], [handout.guid, 3]])

    expect((await post({ intent: 'delete-chapter', chapter: watch.guid })).status).toBe(303)
    expect((await snapshot()).chapters.map((chapter) => chapter.guid)).toEqual([read.guid, handout.guid])
    expect((await post({ intent: 'delete-chapter', chapter: watch.guid })).status).toBe(404)
  })

  it('serves a file chapter to course staff and enrolled students only', async () => {
    const handout = (await snapshot()).chapters.find((chapter) => chapter.content_type === 'file')
    if (!handout) throw new Error('no file chapter')
    const download = (cookie: string | null) => callRoute(fileLoader, getRequest(`http://${world.host}/courses/files/${handout.guid}`, cookie), world.context(), { chapterGuId: handout.guid })
    const staff = await download(world.cookies.frontDesk)
    expect(staff.status).toBe(200)
    expect(Buffer.from(staff.body as Uint8Array).toString()).toBe('poses and breath')
    expect(staff.headers.get('content-disposition')).toContain('attachment;')
    expect((await download(world.cookies.student)).status).toBe(403)
    expect((await download(world.cookies.staff)).status).toBe(403)
    expect((await download(null)).status).toBe(302)
    await asSystem(platform.database, 'test fixture', (trx) => trx.insertInto('course_enrolments').values({ tenant_id: world.tenant.id, course_id: courseId, contact_id: world.student.id }).execute())
    expect((await download(world.cookies.student)).status).toBe(200)
    const elsewhere = await callRoute(fileLoader, getRequest(`http://${world.host}/courses/files/${handout.guid}`, null), contextFor(platform, world.other), { chapterGuId: handout.guid })
    expect(elsewhere.status).toBe(404)
  })

  it('deletes a section with its chapters', async () => {
    const before = await snapshot()
    const first = before.sections[0]
    expect((await post({ intent: 'delete-section', section: first.guid })).status).toBe(303)
    const after = await snapshot()
    expect(after.sections.map((section) => section.guid)).toEqual(before.sections.slice(1).map((section) => section.guid))
    expect(after.chapters).toEqual([])
    expect((await post({ intent: 'delete-section', section: strangerSectionGuid })).status).toBe(404)
  })
})
