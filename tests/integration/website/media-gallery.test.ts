import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { action as mediaAction, loader as mediaLoader } from '#app/routes/_admin+/website+/media'
import { action as itemAction, loader as itemLoader } from '#app/routes/_admin+/website+/media.$guId'
import { action as uploadOneAction } from '#app/routes/_admin+/website+/media.upload'
import { loader as galleryLoader } from '#app/routes/_site+/mediagallery'
import { loader as uploadLoader } from '#app/routes/_site+/uploads.$name'
import { asSystem } from '#db/tenant-scope'
import type { CacheTag } from '#server/cache/cache-tags'
import { IMAGE_UNREADABLE } from '#server/files/upload-limits'
import type { GalleryItemView, MediaItemView } from '#server/media/media-items'
import { MEDIA_MESSAGES } from '#server/media/media-rules'
import type { Tenant } from '#server/tenancy/tenant'
import { tenantWithPeople, type Cookies } from '#tests/integration/shell/shell-world'
import { MP4_HEADER_BYTES, mp4Bytes } from '#tests/unit/media/video-fixtures'
import { callRoute, formPostRequest, getRequest, redirectOrStatus, toastOf } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** The file, after checking it has exactly this many bytes. */
function sized(bytes: number, file: File): File {
  if (file.size !== bytes) throw new Error(`the fixture has ${file.size} bytes, not ${bytes}`)
  return file
}

const photo = (width: number, height: number, colour = { r: 40, g: 120, b: 200 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()
const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .png()
    .toBuffer()

describe(`the media gallery: staff uploads, the public page (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let other: Tenant
  let cookies: Cookies
  let otherCookies: Cookies
  const host = 'mediaa.localhost'
  const otherHost = 'mediab.localhost'

  beforeAll(async () => {
    platform = await createTestPlatform()
    ;({ tenant, cookies } = await tenantWithPeople(platform, { orgId: 'mediaa' }))
    ;({ tenant: other, cookies: otherCookies } = await tenantWithPeople(platform, { orgId: 'mediab' }))
  }, 120_000)
  afterAll(() => platform.close())

  const ctx = (on: Tenant = tenant) => contextFor(platform, on)
  const filesForm = (files: readonly File[]) => {
    const body = new FormData()
    for (const file of files) body.append('files', file)
    return body
  }
  const upload = (files: readonly File[], cookie: string | null = cookies.ROLE_ADMIN) => callRoute(mediaAction, formPostRequest(`http://${host}/website/media`, filesForm(files), cookie), ctx())
  const uploadOne = (file: File, cookie: string | null = cookies.ROLE_STAFF) => callRoute(uploadOneAction, formPostRequest(`http://${host}/website/media/upload`, filesForm([file]), cookie), ctx())
  const jpeg = async (width = 2000, height = 1500, name = 'studio.jpg') => new File([await photo(width, height)], name, { type: 'image/jpeg' })
  const staffList = async (cookie = cookies.ROLE_ADMIN) => (await callRoute(mediaLoader, getRequest(`http://${host}/website/media`, cookie), ctx())).body as { items: MediaItemView[]; total: number }
  const rows = (tenantId = tenant.id) =>
    asSystem(platform.database, 'test check', (trx) => trx.selectFrom('media_items').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at', 'desc').execute())
  const uploadedFiles = (tenantId = tenant.id) => {
    try {
      return readdirSync(join(platform.env.DATA_DIR, 'uploads', tenantId)).sort()
    } catch {
      return []
    }
  }
  const snapshot = async () => JSON.stringify({ rows: await rows(), files: uploadedFiles() })
  const serve = (address: string, on: Tenant = tenant, onHost = host, headers: HeadersInit = {}) =>
    callRoute(uploadLoader, getRequest(`http://${onHost}${address}`, null, headers), ctx(on), { name: address.slice('/uploads/'.length) })
  const itemUrl = (guid: string) => `http://${host}/website/media/${guid}`
  const postItem = (guid: string, fields: Record<string, string>, on: Tenant = tenant, cookie = cookies.ROLE_ADMIN, onHost = host) =>
    callRoute(itemAction, formPostRequest(`http://${onHost}/website/media/${guid}`, fields, cookie), ctx(on), { guId: guid })
  const gallery = async (on: Tenant = tenant, onHost = host, cacheReads = new Set<CacheTag>()) => {
    const outcome = await callRoute(galleryLoader, getRequest(`http://${onHost}/mediagallery`), { ...ctx(on), cacheReads })
    return { outcome, items: ((outcome.body as { gallery: { items: GalleryItemView[] } | null }).gallery?.items ?? null) as GalleryItemView[] | null, cacheReads }
  }

  it('uploads an image: WebP variants of 480, 960 and 1600 px keep its shape and are served on its own host', async () => {
    const outcome = await upload([await jpeg(2000, 1500)])
    expect(redirectOrStatus(outcome)).toBe('redirect /website/media')
    expect(toastOf(outcome)).toEqual({ type: 'success', message: '1 file uploaded.' })
    const [row] = await rows()
    expect(row).toMatchObject({ kind: 'image', content_type: 'image/jpeg', width: 2000, height: 1500, original_name: 'studio.jpg', alt_text: '' })
    expect(uploadedFiles()).toEqual([`${row?.file_key}-w1600.webp`, `${row?.file_key}-w480.webp`, `${row?.file_key}-w960.webp`])

    const [item] = (await staffList()).items
    expect(item?.image?.srcSet).toBe(`/uploads/${row?.file_key}-w480.webp 480w, /uploads/${row?.file_key}-w960.webp 960w, /uploads/${row?.file_key}-w1600.webp 1600w`)
    for (const [width, height] of [
      [480, 360],
      [960, 720],
      [1600, 1200],
    ]) {
      const served = await serve(`/uploads/${row?.file_key}-w${width}.webp`)
      expect(served.status).toBe(200)
      expect(served.headers.get('Content-Type')).toBe('image/webp')
      expect(await sharp(served.body as Uint8Array).metadata()).toMatchObject({ format: 'webp', width, height })
    }
    expect((await serve(`/uploads/${row?.file_key}-w480.webp`, other, otherHost)).status).toBe(404)
  })

  it('uploads several files in one post, an MP4 video kept as sent and served in ranges', async () => {
    const video = new File([mp4Bytes('mp42', 4000)], 'class.mp4', { type: 'video/mp4' })
    const outcome = await upload([await jpeg(800, 600, 'small.jpg'), video])
    expect(toastOf(outcome)).toEqual({ type: 'success', message: '2 files uploaded.' })
    const [newest, second] = await rows()
    // The last chosen file is the newest, as two uploads one after the other would be.
    expect(newest).toMatchObject({ kind: 'video', content_type: 'video/mp4', width: null, height: null, byte_size: video.size, original_name: 'class.mp4' })
    expect(second).toMatchObject({ kind: 'image', width: 800, height: 600 })
    expect(second?.variants).toEqual([
      { name: 'w480', width: 480, height: 360 },
      { name: 'w800', width: 800, height: 600 },
    ])

    const whole = await serve(`/uploads/${newest?.file_key}.mp4`)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('Content-Type')).toBe('video/mp4')
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes')
    expect((whole.body as Uint8Array).byteLength).toBe(video.size)
    const part = await serve(`/uploads/${newest?.file_key}.mp4`, tenant, host, { Range: 'bytes=4-11' })
    expect(part.status).toBe(206)
    expect(part.headers.get('Content-Range')).toBe(`bytes 4-11/${video.size}`)
    expect(new TextDecoder().decode(part.body as Uint8Array)).toBe('ftypmp42')
    expect((await serve(`/uploads/${newest?.file_key}.mp4`, tenant, host, { Range: `bytes=${video.size}-` })).status).toBe(416)
  })

  it.each([
    ['a text file named .png', () => new File(['just some words'], 'photo.png', { type: 'image/png' }), 415, MEDIA_MESSAGES.notMedia],
    ['a text file named .mp4', () => new File(['just some words, not a film'], 'film.mp4', { type: 'video/mp4' }), 415, MEDIA_MESSAGES.notMedia],
    ['a QuickTime movie', () => new File([mp4Bytes('qt  ')], 'clip.mov', { type: 'video/quicktime' }), 415, MEDIA_MESSAGES.notMedia],
    ['an SVG', () => new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], 'logo.svg', { type: 'image/svg+xml' }), 415, MEDIA_MESSAGES.notMedia],
    ['a damaged JPEG', async () => new File([(await photo(400, 300)).subarray(0, 300)], 'broken.jpg', { type: 'image/jpeg' }), 400, IMAGE_UNREADABLE],
    ['a file of 10485761 bytes', () => sized(10_485_761, new File([mp4Bytes('isom', 10_485_761 - MP4_HEADER_BYTES)], 'long.mp4', { type: 'video/mp4' })), 413, MEDIA_MESSAGES.tooLarge],
    ['no file', () => null, 400, MEDIA_MESSAGES.chooseFiles],
  ])('refuses %s with its message and writes nothing', async (_label, make, status, message) => {
    const before = await snapshot()
    const file = await make()
    const outcome = await upload(file ? [file] : [])
    expect(outcome.status).toBe(status)
    expect((outcome.body as { message: string }).message).toBe(message)
    expect(await snapshot()).toBe(before)
  })

  it('takes exactly 10485760 bytes', async () => {
    const video = new File([mp4Bytes('isom', 10_485_760 - MP4_HEADER_BYTES)], 'exact.mp4', { type: 'video/mp4' })
    expect(video.size).toBe(10_485_760)
    expect(toastOf(await upload([video]))).toEqual({ type: 'success', message: '1 file uploaded.' })
  })

  it('refuses a whole post when one of its files is refused, naming it, and writes nothing', async () => {
    const before = await snapshot()
    const outcome = await upload([await jpeg(600, 400, 'good.jpg'), new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' })])
    expect(outcome.status).toBe(415)
    expect(outcome.body).toEqual({ message: '1 of 2 files cannot be uploaded. Nothing was uploaded.', refusals: [{ fileName: 'notes.pdf', message: MEDIA_MESSAGES.notMedia }] })
    expect(await snapshot()).toBe(before)
  })

  it('goes by the bytes, not the name: a PNG named .mp4 becomes an image, and no .mp4 is written', async () => {
    const outcome = await upload([new File([await pngOf(640, 480)], 'holiday.mp4', { type: 'video/mp4' })])
    expect(toastOf(outcome)).toEqual({ type: 'success', message: '1 file uploaded.' })
    const [row] = await rows()
    expect(row).toMatchObject({ kind: 'image', content_type: 'image/png', width: 640, height: 480 })
    expect(uploadedFiles().filter((name) => name.startsWith(row?.file_key ?? '-'))).toEqual([`${row?.file_key}-w480.webp`, `${row?.file_key}-w640.webp`])
  })

  it('takes one file at a time from the page with JavaScript, answering JSON', async () => {
    const done = await uploadOne(await jpeg(500, 500, 'square.jpg'))
    expect(done.status).toBe(200)
    expect(done.body).toEqual({ guids: [expect.any(String)], message: '1 file uploaded.' })
    const refused = await uploadOne(new File(['hello'], 'hello.txt', { type: 'text/plain' }))
    expect(refused.status).toBe(415)
    expect(refused.body).toEqual({ message: MEDIA_MESSAGES.notMedia })
  })

  it('keeps staff screens for staff: a visitor is shown the 404 page, a student is sent to their portal', async () => {
    expect(redirectOrStatus(await callRoute(mediaLoader, getRequest(`http://${host}/website/media`), ctx()))).toBe('redirect /404')
    expect(redirectOrStatus(await callRoute(mediaLoader, getRequest(`http://${host}/website/media`, cookies.ROLE_STUDENT), ctx()))).toMatch(/^redirect \/(classes|mycourses)$/)
    const before = await snapshot()
    const posted = await upload([await jpeg(300, 300)], cookies.ROLE_STUDENT)
    expect(posted.status).toBeGreaterThanOrEqual(300)
    expect(await snapshot()).toBe(before)
  })

  it('saves alt text, and refuses more than 250 characters without changing it', async () => {
    const row = (await rows()).find((found) => found.width === 2000)
    const guid = row?.guid ?? ''
    const saved = await postItem(guid, { intent: 'text', text: '  Students   stretching in the morning sun  ', page: '1' })
    expect(redirectOrStatus(saved)).toBe('redirect /website/media')
    expect(toastOf(saved)).toEqual({ type: 'success', message: MEDIA_MESSAGES.altSaved })
    expect((await rows()).find((found) => found.guid === guid)?.alt_text).toBe('Students stretching in the morning sun')

    const tooLong = await postItem(guid, { intent: 'text', text: 'x'.repeat(251) })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body).toEqual({ message: MEDIA_MESSAGES.altTooLong, text: 'x'.repeat(251) })
    expect((await rows()).find((found) => found.guid === guid)?.alt_text).toBe('Students stretching in the morning sun')

    const dialog = await callRoute(itemLoader, getRequest(`${itemUrl(guid)}?confirm=delete&page=2`, cookies.ROLE_ADMIN), ctx(), { guId: guid })
    expect(dialog.body).toMatchObject({ confirmDelete: true, page: 2, item: { guid, text: 'Students stretching in the morning sun' } })
  })

  it('shows visitors the gallery with srcset, lazy images and their alt text; kept under the media tag', async () => {
    const { outcome, items, cacheReads } = await gallery()
    expect(outcome.status).toBe(200)
    expect(outcome.headers.get('Cache-Control')).toMatch(/public.*s-maxage=\d+/)
    expect(cacheReads.has('media')).toBe(true)
    const all = await rows()
    expect(items?.map((item) => item.guid)).toEqual(all.map((row) => row.guid))
    const image = items?.find((item) => item.text === 'Students stretching in the morning sun')
    expect(image?.image?.srcSet).toMatch(/^\/uploads\/[A-Za-z0-9_-]{24}-w480\.webp 480w, .+-w960\.webp 960w, .+-w1600\.webp 1600w$/)
    expect(image?.image?.full.url).toMatch(/-w1600\.webp$/)
    const video = items?.find((item) => item.kind === 'video')
    expect(video).toMatchObject({ videoType: 'video/mp4', videoUrl: expect.stringMatching(/^\/uploads\/[A-Za-z0-9_-]{24}\.mp4$/), image: null })
    // Nothing staff-only reaches the visitors' page.
    expect(JSON.stringify(outcome.body)).not.toContain('studio.jpg')
  })

  it("never shows one studio's media on another's gallery, and 404s its items on another host", async () => {
    const { items } = await gallery(other, otherHost)
    expect(items).toEqual([])
    const [row] = await rows()
    const guid = row?.guid ?? ''
    const onOther = (fn: typeof itemLoader) => callRoute(fn, getRequest(`http://${otherHost}/website/media/${guid}`, otherCookies.ROLE_ADMIN), ctx(other), { guId: guid })
    expect((await onOther(itemLoader)).status).toBe(404)
    const before = await snapshot()
    for (const fields of [{ intent: 'delete' }, { intent: 'text', text: 'Taken over' }, { intent: 'save' }] as Array<Record<string, string>>) {
      expect((await postItem(guid, fields, other, otherCookies.ROLE_ADMIN, otherHost)).status).toBe(404)
    }
    expect(await snapshot()).toBe(before)
  })

  it('answers 404 while the Media Gallery page is private', async () => {
    await asSystem(platform.database, 'test: make the gallery private', (trx) =>
      trx.updateTable('web_pages').set({ is_published: false }).where('tenant_id', '=', tenant.id).where('name', '=', 'mediagallery').execute(),
    )
    platform.caches.changed(tenant.id, ['site'])
    expect((await gallery()).outcome.status).toBe(404)
    await asSystem(platform.database, 'test: publish the gallery', (trx) =>
      trx.updateTable('web_pages').set({ is_published: true }).where('tenant_id', '=', tenant.id).where('name', '=', 'mediagallery').execute(),
    )
    platform.caches.changed(tenant.id, ['site'])
    expect((await gallery()).outcome.status).toBe(200)
  })

  it('deletes an item and its files; a second delete is a 404', async () => {
    const all = await rows()
    const image = all.find((row) => row.kind === 'image')
    const video = all.find((row) => row.kind === 'video')
    const imageFiles = uploadedFiles().filter((name) => name.startsWith(image?.file_key ?? '-'))
    expect(imageFiles.length).toBeGreaterThan(0)

    const deleted = await postItem(image?.guid ?? '', { intent: 'delete', page: '1' })
    expect(redirectOrStatus(deleted)).toBe('redirect /website/media')
    expect(toastOf(deleted)).toEqual({ type: 'success', message: MEDIA_MESSAGES.imageDeleted })
    expect(uploadedFiles().filter((name) => name.startsWith(image?.file_key ?? '-'))).toEqual([])
    for (const name of imageFiles) expect((await serve(`/uploads/${name}`)).status).toBe(404)
    expect((await postItem(image?.guid ?? '', { intent: 'delete' })).status).toBe(404)

    expect(toastOf(await postItem(video?.guid ?? '', { intent: 'delete' }))).toEqual({ type: 'success', message: MEDIA_MESSAGES.videoDeleted })
    expect(uploadedFiles().filter((name) => name.startsWith(video?.file_key ?? '-'))).toEqual([])
    expect((await rows()).map((row) => row.guid)).not.toContain(image?.guid)
  })
})
