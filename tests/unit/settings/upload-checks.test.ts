import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sniffImage } from '#server/files/sniff-image'
import { openTenantUpload, storeTenantImage } from '#server/files/tenant-uploads'
import { readUploadForm } from '#server/files/read-upload-form'
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '#server/files/upload-limits'

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16])
const GIF = new TextEncoder().encode('GIF89a......')
const WEBP = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')

describe('sniffImage', () => {
  it.each([
    ['png', PNG, 'image/png'],
    ['jpeg', JPEG, 'image/jpeg'],
    ['gif', GIF, 'image/gif'],
    ['webp', WEBP, 'image/webp'],
  ])('knows %s by its bytes', (_name, bytes, type) => {
    expect(sniffImage(bytes)?.contentType).toBe(type)
  })

  it.each([
    ['svg', SVG],
    ['html', new TextEncoder().encode('<html><script>alert(1)</script>')],
    ['empty', new Uint8Array()],
    ['half a png signature', PNG.slice(0, 4)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImage(bytes)).toBeNull()
  })
})

describe('tenant uploads', () => {
  const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'uploads-test-')) }
  const tenantA = { id: '11111111-1111-4111-8111-111111111111' }
  const tenantB = { id: '22222222-2222-4222-8222-222222222222' }

  it('stores an image under a random name and serves it to its own tenant only', async () => {
    const stored = await storeTenantImage(env, tenantA, new Blob([PNG], { type: 'text/plain' }))
    expect(stored.ok).toBe(true)
    if (!stored.ok) return
    expect(stored.value.url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{24}\.png$/)
    const name = stored.value.url.slice('/uploads/'.length)
    const own = await openTenantUpload(env, tenantA, name)
    expect(own?.kind.contentType).toBe('image/png')
    expect(await openTenantUpload(env, tenantB, name)).toBeNull()
  })

  it('refuses what is not an image whatever its name, and names that climb out', async () => {
    expect(await storeTenantImage(env, tenantA, new File([SVG], 'logo.png', { type: 'image/png' }))).toEqual({ ok: false, error: 'unsupported_media_type', message: NOT_AN_IMAGE })
    writeFileSync(join(env.DATA_DIR, 'secret.png'), PNG)
    expect(await openTenantUpload(env, tenantA, '../secret.png')).toBeNull()
    expect(await openTenantUpload(env, tenantA, '..%2Fsecret.png')).toBeNull()
  })

  it('refuses more than 10 MB', async () => {
    expect(await storeTenantImage(env, tenantA, new Blob([PNG, new Uint8Array(10_485_760)]))).toEqual({ ok: false, error: 'payload_too_large', message: IMAGE_TOO_LARGE })
  })
})

describe('readUploadForm', () => {
  it('keeps text fields and files, and counts an oversized file instead of failing', async () => {
    const form = new FormData()
    form.append('root[name]', 'Studio')
    form.append('upload[logo]', new File([PNG], 'logo.png', { type: 'image/png' }))
    form.append('upload[favIcon]', new File([new Uint8Array(2048)], 'big.png', { type: 'image/png' }))
    const request = new Request('http://x.test/', { method: 'POST', body: form })
    const upload = await readUploadForm(request, { maxFileBytes: 1024 })
    expect(upload.malformed).toBe(false)
    expect(upload.form.get('root[name]')).toBe('Studio')
    expect(upload.form.get('upload[logo]')).toBeInstanceOf(Blob)
    expect(upload.form.get('upload[favIcon]')).toBeNull()
    expect([...upload.oversized]).toEqual(['upload[favIcon]'])
  })

  it('says a broken body is malformed', async () => {
    const request = new Request('http://x.test/', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    })
    const upload = await readUploadForm(request)
    expect(upload.malformed || upload.form.get('a') === null).toBe(true)
  })
})
