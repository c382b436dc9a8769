import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { action, loader } from '#app/routes/_admin+/contacts+/$guId.detail'
import { action as bulkAction } from '#app/routes/_admin+/contacts+/bulk'
import { loader as listLoader } from '#app/routes/_admin+/contacts+/_index'
import { action as ownProfileAction, loader as ownProfileLoader } from '#app/routes/_session+/profile'
import { loader as uploadLoader } from '#app/routes/_site+/uploads.$name'
import { asSystem } from '#db/tenant-scope'
import type { ContactProfile } from '#server/contacts/profile/load-contact-profile'
import { CONTACT_PICTURE_MESSAGES } from '#server/contacts/profile/picture-form'
import { IMAGE_TOO_LARGE, IMAGE_UNREADABLE, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from '#server/files/upload-limits'
import { callRoute, formPostRequest, getRequest, toastOf, type RouteOutcome } from '#tests/support/route-call'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const granted = { staff: true, frontDesk: true }

const photo = (width: number, height: number, colour = { r: 200, g: 40, b: 90 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer()

describe(`a contact's picture (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let pat: { id: string; guid: string }

  beforeAll(async () => {
    platform = await createTestPlatform()
    // Contacts are given to front desk and not to staff on the Roles screen.
    world = await createUsersWorld(platform, 'picturepage', {
      roles: { classes: granted, courses: granted, offers: granted, contacts: { staff: false, frontDesk: true } },
    })
    pat = await asSystem(platform.database, 'test fixture', (trx) =>
      trx.insertInto('contacts').values({ tenant_id: world.tenant.id, first_name: 'Pat', last_name: 'Picture', email: 'pat@picturepage.test' }).returning(['id', 'guid']).executeTakeFirstOrThrow(),
    )
  })
  afterAll(() => platform.close())

  const url = (guid: string) => `http://${world.host}/contacts/${guid}/detail`
  const upload = (guid: string, file: Blob | null, cookie: string | null = world.cookies.admin, intent = 'upload-picture') => {
    const body = new FormData()
    body.set('intent', intent)
    if (file) body.set('picture', file)
    return callRoute(action, formPostRequest(url(guid), body, cookie), world.context(), { guId: guid })
  }
  const remove = (guid: string, cookie: string | null = world.cookies.admin) => upload(guid, null, cookie, 'remove-picture')
  const jpeg = async (width = 900, height = 600, name = 'me.jpg') => new File([await photo(width, height)], name, { type: 'image/jpeg' })
  const headerOf = async (guid: string) => ((await callRoute(loader, getRequest(url(guid), world.cookies.admin), world.context(), { guId: guid })).body as { profile: ContactProfile }).profile.header
  const pictureKey = async (contactId: string) =>
    (await asSystem(platform.database, 'test check', (trx) => trx.selectFrom('contacts').select('picture_key').where('id', '=', contactId).executeTakeFirstOrThrow())).picture_key
  const serve = (address: string, tenant = world.tenant, host = world.host) =>
    callRoute(uploadLoader, getRequest(`http://${host}${address}`), contextFor(platform, tenant), { name: address.slice('/uploads/'.length) })
  const uploadedFiles = () => {
    const files: string[] = []
    for (const tenantDir of safeList(join(platform.env.DATA_DIR, 'uploads'))) for (const name of safeList(join(platform.env.DATA_DIR, 'uploads', tenantDir))) files.push(`${tenantDir}/${name}`)
    return files.sort()
  }
  /** Everything a picture post may write: the contacts, the audit log and the uploaded files. */
  const snapshot = async () =>
    JSON.stringify({
      rows: await asSystem(platform.database, 'test snapshot', async (trx) => ({
        contacts: await trx.selectFrom('contacts').select(['id', 'picture_key', 'updated_at']).orderBy('id').execute(),
        audit: await trx.selectFrom('audit_log').select(['id']).orderBy('id').execute(),
      })),
      files: uploadedFiles(),
    })
  const expectDone = (outcome: RouteOutcome, message: string) => {
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe(`/contacts/${pat.guid}/detail`)
    expect(toastOf(outcome)).toEqual({ type: 'success', message })
  }

  it('uploads a picture: the profile header shows its 256 px WebP, the list its 64 px one, and the change is audited', async () => {
    const outcome = await upload(pat.guid, await jpeg(900, 600))
    expectDone(outcome, CONTACT_PICTURE_MESSAGES.updated)
    const key = await pictureKey(pat.id)
    expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/)

    const header = await headerOf(pat.guid)
    expect(header.pictureUrl).toBe(`/uploads/${key}-profile.webp`)
    const served = await serve(header.pictureUrl ?? '')
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/webp')
    expect(await sharp(served.body as Uint8Array).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 })

    const list = await callRoute(listLoader, getRequest(`http://${world.host}/contacts?search=picture`, world.cookies.admin), world.context())
    const row = (list.body as { rows: Array<{ guId: string; pictureUrl: string | null }> }).rows.find((r) => r.guId === pat.guid)
    expect(row?.pictureUrl).toBe(`/uploads/${key}-list.webp`)
    const small = await serve(row?.pictureUrl ?? '')
    expect(await sharp(small.body as Uint8Array).metadata()).toMatchObject({ width: 64, height: 64 })

    const audit = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('audit_log').select(['action', 'actor_contact_id', 'details']).where('target_id', '=', pat.guid).execute(),
    )
    expect(audit).toContainEqual({ action: 'contact.updated', actor_contact_id: world.admin.id, details: { changed: ['picture'] } })
  })

  it("serves the picture on its own organisation's host only: another tenant's host is a 404", async () => {
    const address = (await headerOf(pat.guid)).pictureUrl ?? ''
    expect((await serve(address)).status).toBe(200)
    const elsewhere = await serve(address, world.other, `picturepage-other.localhost`)
    expect(elsewhere.status).toBe(404)
  })

  it.each([
    ['a text file named .jpg', () => new File(['not a picture at all'], 'me.jpg', { type: 'image/jpeg' }), 415, NOT_AN_IMAGE],
    ['an SVG', () => new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], 'me.svg', { type: 'image/svg+xml' }), 415, NOT_AN_IMAGE],
    ['a damaged JPEG', async () => new File([(await photo(400, 400)).subarray(0, 300)], 'me.jpg', { type: 'image/jpeg' }), 400, IMAGE_UNREADABLE],
    ['no file', () => null, 400, CONTACT_PICTURE_MESSAGES.chooseImage],
    ['an empty file', () => new File([], 'empty.png', { type: 'image/png' }), 400, CONTACT_PICTURE_MESSAGES.chooseImage],
    ['a file over 10 MB', async () => new File([await photo(50, 50), new Uint8Array(MAX_IMAGE_BYTES)], 'big.jpg', { type: 'image/jpeg' }), 413, IMAGE_TOO_LARGE],
  ])('refuses %s with its message and writes nothing', async (_label, make, status, message) => {
    const before = await snapshot()
    const outcome = await upload(pat.guid, await make())
    expect(outcome.status).toBe(status)
    expect(outcome.body).toEqual({ pictureForm: 'upload-picture', message })
    expect(await snapshot()).toBe(before)
  })

  it('replaces a picture and deletes the files of the one it replaced', async () => {
    const oldKey = await pictureKey(pat.id)
    expect(oldKey).not.toBeNull()
    expect((await serve(`/uploads/${oldKey}-list.webp`)).status).toBe(200)
    expectDone(await upload(pat.guid, await jpeg(300, 500)), CONTACT_PICTURE_MESSAGES.updated)
    const newKey = await pictureKey(pat.id)
    expect(newKey).not.toBe(oldKey)
    for (const variant of ['profile', 'list']) {
      expect((await serve(`/uploads/${oldKey}-${variant}.webp`)).status).toBe(404)
      expect((await serve(`/uploads/${newKey}-${variant}.webp`)).status).toBe(200)
    }
    expect(uploadedFiles().filter((file) => file.startsWith(world.tenant.id))).toEqual([`${world.tenant.id}/${newKey}-list.webp`, `${world.tenant.id}/${newKey}-profile.webp`].sort())
  })

  it('removes a picture: the files are deleted and the initials show again; removing none changes nothing', async () => {
    const key = await pictureKey(pat.id)
    expectDone(await remove(pat.guid), CONTACT_PICTURE_MESSAGES.removed)
    expect(await pictureKey(pat.id)).toBeNull()
    expect((await headerOf(pat.guid)).pictureUrl).toBeNull()
    expect((await serve(`/uploads/${key}-profile.webp`)).status).toBe(404)
    expect(uploadedFiles().filter((file) => file.startsWith(world.tenant.id))).toEqual([])

    const before = await snapshot()
    expectDone(await remove(pat.guid), CONTACT_PICTURE_MESSAGES.removed)
    expect(await snapshot()).toBe(before)
  })

  it("deletes a contact's picture files with the contact; an archived contact keeps them", async () => {
    const [gone, kept] = await asSystem(platform.database, 'test fixture', async (trx) => {
      const rows = await trx
        .insertInto('contacts')
        .values([
          { tenant_id: world.tenant.id, first_name: 'Gil', last_name: 'Gone', email: 'gil@picturepage.test' },
          { tenant_id: world.tenant.id, first_name: 'Kim', last_name: 'Kept', email: 'kim@picturepage.test' },
        ])
        .returning(['id', 'guid', 'email'])
        .execute()
      const byEmail = (email: string) => rows.find((row) => row.email === email) ?? rows[0]!
      const kim = byEmail('kim@picturepage.test')
      const form = await trx.insertInto('custom_forms').values({ tenant_id: world.tenant.id, name: 'Waiver', form_type: 'WAIVER' }).returning('id').executeTakeFirstOrThrow()
      await trx
        .insertInto('form_submissions')
        .values({ tenant_id: world.tenant.id, form_id: form.id, form_version: 1, form_name: 'Waiver', contact_id: kim.id, data: JSON.stringify({}), integrity_hash: 'x', download_token_hash: 'picture-token-1' })
        .execute()
      return [byEmail('gil@picturepage.test'), kim]
    })
    for (const contact of [gone, kept]) expect((await upload(contact.guid, await jpeg())).status).toBe(302)
    const goneKey = await pictureKey(gone.id)
    const keptKey = await pictureKey(kept.id)
    const fields = new URLSearchParams([['intent', 'delete'], ['id', gone.guid], ['id', kept.guid]])
    const deleted = await callRoute(bulkAction, formPostRequest(`http://${world.host}/contacts/bulk`, fields, world.cookies.admin), world.context())
    expect(deleted.status).toBe(302)
    for (const variant of ['profile', 'list']) {
      expect((await serve(`/uploads/${goneKey}-${variant}.webp`)).status).toBe(404)
      expect((await serve(`/uploads/${keptKey}-${variant}.webp`)).status).toBe(200)
    }
    expect(uploadedFiles().some((file) => file.includes(String(goneKey)))).toBe(false)
  })

  it("is a 404 for another tenant's contact or a malformed guid, with a valid picture, and writes nothing", async () => {
    const before = await snapshot()
    expect((await upload(world.outsider.guid, await jpeg())).status).toBe(404)
    expect((await remove(world.outsider.guid)).status).toBe(404)
    expect((await upload('not-a-guid', await jpeg())).status).toBe(404)
    expect(await snapshot()).toBe(before)
  })

  it('is a 403 without the Contacts permission (staff here) and a sign-in for a visitor; front desk may', async () => {
    const before = await snapshot()
    expect((await upload(pat.guid, await jpeg(), world.cookies.staff)).status).toBe(403)
    expect((await remove(pat.guid, world.cookies.staff)).status).toBe(403)
    const visitor = await upload(pat.guid, await jpeg(), null)
    expect(visitor.status).toBe(302)
    expect(visitor.location).toMatch(/^\/login/)
    expect(await snapshot()).toBe(before)
    expectDone(await upload(pat.guid, await jpeg(), world.cookies.frontDesk), CONTACT_PICTURE_MESSAGES.updated)
  })

  it('keeps the other profile forms working as plain posts beside the multipart picture form', async () => {
    const outcome = await callRoute(action, formPostRequest(url(pat.guid), { intent: 'add-note', body: 'Sent a photo' }, world.cookies.admin), world.context(), { guId: pat.guid })
    expect(outcome.status).toBe(302)
    expect(toastOf(outcome)?.message).toBe('Note added.')
  })

  describe('My Profile', () => {
    const postOwn = (file: Blob | null, intent = 'upload-picture', cookie = world.cookies.student) => {
      const body = new FormData()
      body.set('intent', intent)
      if (file) body.set('picture', file)
      return callRoute(ownProfileAction, formPostRequest(`http://${world.host}/profile`, body, cookie), world.context())
    }
    const ownPicture = async (cookie = world.cookies.student) =>
      ((await callRoute(ownProfileLoader, getRequest(`http://${world.host}/profile`, cookie), world.context())).body as { profile: { pictureUrl: string | null } }).profile.pictureUrl

    it("lets a student set, replace and remove their own picture, and no one else's", async () => {
      const first = await postOwn(await jpeg(120, 120))
      expect(first.status).toBe(302)
      expect(first.location).toBe('/profile')
      expect(toastOf(first)?.message).toBe(CONTACT_PICTURE_MESSAGES.updated)
      const key = await pictureKey(world.student.id)
      expect(await ownPicture()).toBe(`/uploads/${key}-profile.webp`)
      // Only the student's own contact changed.
      expect(await pictureKey(world.admin.id)).toBeNull()

      await postOwn(await jpeg(200, 100))
      expect((await serve(`/uploads/${key}-profile.webp`)).status).toBe(404)
      expect(toastOf(await postOwn(null, 'remove-picture'))?.message).toBe(CONTACT_PICTURE_MESSAGES.removed)
      expect(await ownPicture()).toBeNull()
    })

    it('refuses a file that is not an image with its message and writes nothing', async () => {
      const before = await snapshot()
      const outcome = await postOwn(new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }))
      expect(outcome.status).toBe(415)
      expect(outcome.body).toEqual({ pictureForm: 'upload-picture', message: NOT_AN_IMAGE })
      expect(await snapshot()).toBe(before)
    })

    it('still saves the name and phone form as before', async () => {
      const outcome = await callRoute(
        ownProfileAction,
        formPostRequest(`http://${world.host}/profile`, { firstName: 'Stu', lastName: 'Dent', phone: '555-010-2222' }, world.cookies.student),
        world.context(),
      )
      expect(outcome.status).toBe(302)
      expect(toastOf(outcome)?.message).toBe('Profile updated successfully.')
    })
  })
})

function safeList(directory: string): string[] {
  try {
    return readdirSync(directory)
  } catch {
    return []
  }
}
