import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as filesAction, loader as filesLoader } from '#app/routes/_admin+/files+/_index'
import { action as fileAction, loader as fileLoader } from '#app/routes/_admin+/files+/$id'
import { loader as staffDownload } from '#app/routes/_admin+/files+/$id_.download'
import { action as contactFilesAction, loader as contactFilesLoader } from '#app/routes/_admin+/contacts+/$guId.files'
import { loader as myFilesLoader } from '#app/routes/_student+/myfiles'
import { loader as studentDownload } from '#app/routes/_student+/myfiles_.$id.download'
import { asSystem } from '#db/tenant-scope'
import { MAX_SHARED_FILE_BYTES } from '#server/shared-files/shared-files'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'
import { callRoute, formPostRequest, getRequest } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`files staff share with contacts and students (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld
  let other: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'sharedfiles')
    other = await createUsersWorld(platform, 'sharedfilesother')
  })
  afterAll(() => platform.close())

  const url = (path: string, host = world.host) => `http://${host}${path}`
  const countFiles = (tenantId: string) =>
    asSystem(platform.database, 'test: count files', async (trx) => Number((await trx.selectFrom('shared_files').select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).n))
  const upload = (files: File[], cookie = world.cookies.admin, host = world.host) => {
    const form = new FormData()
    for (const file of files) form.append('files', file)
    return callRoute(filesAction, formPostRequest(url('/files', host), form, cookie), host === world.host ? world.context() : other.context())
  }
  const pdf = (name: string) => new File([new TextEncoder().encode('%PDF-1.7 notes')], name, { type: 'application/pdf' })

  it('refuses HTML, SVG, scripts and programs by name and by bytes, more than four files and files over 10 MB, keeping nothing', async () => {
    const refusals: [File[], RegExp][] = [
      [[new File(['<p>hi</p>'], 'page.html', { type: 'text/html' })], /web pages, SVG images, scripts and programs/],
      [[new File(['<svg></svg>'], 'logo.svg')], /cannot be shared/],
      [[new File(['echo'], 'run.sh')], /cannot be shared/],
      [[new File([new Uint8Array([0x4d, 0x5a, 0x90, 0])], 'setup.exe')], /cannot be shared/],
      [[new File([new Uint8Array([0x4d, 0x5a, 0x90, 0])], 'notes.pdf')], /looks like a web page, script or program/],
      [[new File(['<!DOCTYPE html><html><script>alert(1)</script>'], 'notes.txt')], /looks like a web page/],
      [[new File(['<svg onload="alert(1)"/>'], 'photo.png')], /looks like a web page/],
      [[pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf'), pdf('d.pdf'), pdf('e.pdf')], /at most 4 files/],
      [[pdf('fine.pdf'), new File([new Uint8Array(MAX_SHARED_FILE_BYTES + 1)], 'big.pdf')], /at most 10 MB/],
      [[], /Choose at least one file/],
    ]
    for (const [files, message] of refusals) {
      const outcome = await upload(files)
      expect(outcome.status).toBe(400)
      expect((outcome.body as { error: string }).error).toMatch(message)
    }
    expect(await countFiles(world.tenant.id)).toBe(0)
  })

  it('keeps up to four files, lists and searches them; students cannot upload', async () => {
    const outcome = await upload([pdf('Timetable.pdf'), new File(['a,b'], 'prices.csv', { type: 'text/csv' })])
    expect(outcome.status).toBe(302)
    expect(await countFiles(world.tenant.id)).toBe(2)
    const page = await callRoute(filesLoader, getRequest(url('/files?q=time'), world.cookies.admin), world.context())
    const body = page.body as { files: { name: string; uploadedBy: string | null }[]; total: number }
    expect(body.files.map((file) => file.name)).toEqual(['Timetable.pdf'])
    expect(body.files[0]?.uploadedBy).toBe('Ada Admin')
    const student = await upload([pdf('mine.pdf')], world.cookies.student)
    expect([302, 403, 404]).toContain(student.status)
    expect(student.location ?? '').not.toMatch(/^\/files/)
    expect(await countFiles(world.tenant.id)).toBe(2)
  })

  it('serves a file only to staff and the student it is shared with, as an attachment; other tenants get 404', async () => {
    const list = await callRoute(filesLoader, getRequest(url('/files?q=Timetable'), world.cookies.admin), world.context())
    const id = (list.body as { files: { id: string }[] }).files[0]?.id ?? ''
    expect(id).not.toBe('')

    const staff = await callRoute(staffDownload, getRequest(url(`/files/${id}/download`), world.cookies.staff), world.context(), { id })
    expect(staff.status).toBe(200)
    expect(staff.headers.get('content-type')).toBe('application/pdf')
    expect(staff.headers.get('content-disposition')).toMatch(/^attachment; filename="Timetable.pdf"/)
    expect(staff.headers.get('x-content-type-options')).toBe('nosniff')

    // Not shared yet: the student gets a 404 and does not see it.
    const before = await callRoute(studentDownload, getRequest(url(`/myfiles/${id}/download`), world.cookies.student), world.context(), { id })
    expect(before.status).toBe(404)

    // Shared with the student directly.
    const shared = await callRoute(fileAction, formPostRequest(url(`/files/${id}`), { intent: 'share-contact', contactId: world.student.id }, world.cookies.admin), world.context(), { id })
    expect(shared.status).toBe(302)
    const mine = await callRoute(myFilesLoader, getRequest(url('/myfiles'), world.cookies.student), world.context())
    expect((mine.body as { files: { name: string }[] }).files.map((file) => file.name)).toEqual(['Timetable.pdf'])
    const download = await callRoute(studentDownload, getRequest(url(`/myfiles/${id}/download`), world.cookies.student), world.context(), { id })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(download.headers.get('x-content-type-options')).toBe('nosniff')

    // Unshared: 404 again.
    await callRoute(fileAction, formPostRequest(url(`/files/${id}`), { intent: 'unshare-contact', contactId: world.student.id }, world.cookies.admin), world.context(), { id })
    expect((await callRoute(studentDownload, getRequest(url(`/myfiles/${id}/download`), world.cookies.student), world.context(), { id })).status).toBe(404)

    // Shared with all students.
    await callRoute(fileAction, formPostRequest(url(`/files/${id}`), { intent: 'share-all' }, world.cookies.admin), world.context(), { id })
    expect((await callRoute(studentDownload, getRequest(url(`/myfiles/${id}/download`), world.cookies.student), world.context(), { id })).status).toBe(200)

    // Another tenant's staff and students: 404 on the page, the download and the student download.
    expect((await callRoute(fileLoader, getRequest(url(`/files/${id}`, other.host), other.cookies.admin), other.context(), { id })).status).toBe(404)
    expect((await callRoute(staffDownload, getRequest(url(`/files/${id}/download`, other.host), other.cookies.admin), other.context(), { id })).status).toBe(404)
    expect((await callRoute(studentDownload, getRequest(url(`/myfiles/${id}/download`, other.host), other.cookies.student), other.context(), { id })).status).toBe(404)
    expect((await callRoute(fileAction, formPostRequest(url(`/files/${id}`, other.host), { intent: 'delete' }, other.cookies.admin), other.context(), { id })).status).toBe(404)
    // Sharing with another tenant's contact is refused.
    const foreign = await callRoute(fileAction, formPostRequest(url(`/files/${id}`), { intent: 'share-contact', contactId: other.student.id }, world.cookies.admin), world.context(), { id })
    expect(foreign.status).toBe(400)
    expect(await callRoute(fileLoader, getRequest(url('/files/not-an-id'), world.cookies.admin), world.context(), { id: 'not-an-id' })).toMatchObject({ status: 404 })
  })

  it("shares and unshares from the contact's Files page", async () => {
    const guId = String(world.student.guid)
    const page = await callRoute(contactFilesLoader, getRequest(url(`/contacts/${guId}/files`), world.cookies.admin), world.context(), { guId })
    const choices = (page.body as { choices: { id: string; name: string }[] }).choices
    const prices = choices.find((file) => file.name === 'prices.csv')
    expect(prices).toBeDefined()
    const shared = await callRoute(contactFilesAction, formPostRequest(url(`/contacts/${guId}/files`), { intent: 'share', fileId: prices?.id ?? '' }, world.cookies.admin), world.context(), { guId })
    expect(shared.status).toBe(302)
    const after = await callRoute(contactFilesLoader, getRequest(url(`/contacts/${guId}/files`), world.cookies.admin), world.context(), { guId })
    expect((after.body as { shared: { name: string }[] }).shared.map((file) => file.name)).toEqual(['prices.csv'])
    await callRoute(contactFilesAction, formPostRequest(url(`/contacts/${guId}/files`), { intent: 'unshare', fileId: prices?.id ?? '' }, world.cookies.admin), world.context(), { guId })
    const cleared = await callRoute(contactFilesLoader, getRequest(url(`/contacts/${guId}/files`), world.cookies.admin), world.context(), { guId })
    expect((cleared.body as { shared: unknown[] }).shared).toHaveLength(0)
  })

  it('renames, refusing a script name, and deletes the file with its bytes', async () => {
    const list = await callRoute(filesLoader, getRequest(url('/files?q=prices'), world.cookies.admin), world.context())
    const id = (list.body as { files: { id: string }[] }).files[0]?.id ?? ''
    const refused = await callRoute(fileAction, formPostRequest(url(`/files/${id}`), { intent: 'rename', name: 'prices.html' }, world.cookies.admin), world.context(), { id })
    expect(refused.status).toBe(400)
    const renamed = await callRoute(fileAction, formPostRequest(url(`/files/${id}`), { intent: 'rename', name: 'Price list.csv' }, world.cookies.admin), world.context(), { id })
    expect(renamed.status).toBe(302)
    const deleted = await callRoute(fileAction, formPostRequest(url(`/files/${id}`), { intent: 'delete' }, world.cookies.admin), world.context(), { id })
    expect(deleted.location).toBe('/files')
    expect((await callRoute(staffDownload, getRequest(url(`/files/${id}/download`), world.cookies.admin), world.context(), { id })).status).toBe(404)
  })
})
