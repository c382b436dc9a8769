import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { centreCrop, imageVariantUrl, removeImageVariants, renderImageVariants, storeImageVariants, type ImageVariantSpec } from '#server/files/image-variants'
import { openTenantUpload } from '#server/files/tenant-uploads'
import { IMAGE_TOO_LARGE, IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from '#server/files/upload-limits'

const SQUARES: ImageVariantSpec[] = [
  { name: 'profile', width: 256, height: 256 },
  { name: 'list', width: 64, height: 64 },
]

const RED = { r: 255, g: 0, b: 0 }
const BLUE = { r: 0, g: 0, b: 255 }

/** A picture of two halves side by side: `left` colour, then `right`. */
async function halves(width: number, height: number, left: typeof RED, right: typeof RED) {
  const half = Math.floor(width / 2)
  return sharp({ create: { width, height, channels: 3, background: right } })
    .composite([{ input: { create: { width: half, height, channels: 3, background: left } }, left: 0, top: 0 }])
    .raw()
    .toBuffer({ resolveWithObject: true })
    .then(({ data, info }) => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).removeAlpha())
}

async function pixel(webp: Buffer, x: number, y: number) {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return { r: data[at], g: data[at + 1], b: data[at + 2] }
}

const isRedish = (p: { r: number; g: number; b: number }) => p.r > 200 && p.b < 60
const isBlueish = (p: { r: number; g: number; b: number }) => p.b > 200 && p.r < 60

/** A real PNG whose header claims other sides (CRC fixed), as a decompression bomb would. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: RED } }).png().toBuffer())
  // Signature (8), IHDR length (4), 'IHDR' (4), then width and height.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

describe('renderImageVariants', () => {
  it.each([
    ['png', () => sharp({ create: { width: 300, height: 200, channels: 4, background: { ...RED, alpha: 1 } } }).png().toBuffer()],
    ['jpeg', () => sharp({ create: { width: 120, height: 400, channels: 3, background: BLUE } }).jpeg().toBuffer()],
    ['gif', () => sharp({ create: { width: 50, height: 50, channels: 3, background: RED } }).gif().toBuffer()],
    ['webp', () => sharp({ create: { width: 1000, height: 999, channels: 3, background: BLUE } }).webp().toBuffer()],
  ])('makes every requested square of a %s, as WebP at its exact size', async (_kind, make) => {
    const rendered = await renderImageVariants(new Uint8Array(await make()), SQUARES)
    expect(rendered.ok).toBe(true)
    if (!rendered.ok) return
    expect(Object.keys(rendered.value)).toEqual(['profile', 'list'])
    for (const spec of SQUARES) {
      const info = await sharp(rendered.value[spec.name]).metadata()
      expect({ format: info.format, width: info.width, height: info.height }).toEqual({ format: 'webp', width: spec.width, height: spec.height })
    }
  })

  it('takes sizes as input: a wide cover image is cut from the middle to its shape', async () => {
    // 300 wide, the left 150 red, the right 150 blue: a square from the centre holds both.
    const source = await (await halves(300, 100, RED, BLUE)).png().toBuffer()
    const rendered = await renderImageVariants(source, [{ name: 'cover', width: 310, height: 200 }, { name: 'square', width: 100, height: 100 }])
    if (!rendered.ok) throw new Error(rendered.message)
    expect(await sharp(rendered.value.cover).metadata()).toMatchObject({ width: 310, height: 200 })
    expect(isRedish(await pixel(rendered.value.square, 5, 50))).toBe(true)
    expect(isBlueish(await pixel(rendered.value.square, 95, 50))).toBe(true)
  })

  it('turns a photo upright by its EXIF orientation, and keeps none of its metadata', async () => {
    // Stored 80×40 landscape, red left and blue right, marked "turn 90° clockwise to show".
    const stored = await (await halves(80, 40, RED, BLUE))
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Studio test', Artist: 'Someone' } } })
      .toBuffer()
    expect((await sharp(stored).metadata()).exif).toBeDefined()
    const rendered = await renderImageVariants(stored, [{ name: 'tall', width: 40, height: 80 }])
    if (!rendered.ok) throw new Error(rendered.message)
    const out = rendered.value.tall
    // Upright, the stored left half (red) is on top.
    expect(isRedish(await pixel(out, 20, 5))).toBe(true)
    expect(isBlueish(await pixel(out, 20, 75))).toBe(true)
    const meta = await sharp(out).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.icc).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
  })

  it.each([
    ['an SVG (a document that can carry script)', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), NOT_AN_IMAGE, 'unsupported_media_type'],
    ['a text file', () => Buffer.from('hello, not a picture'), NOT_AN_IMAGE, 'unsupported_media_type'],
    ['a TIFF the decoder could read', () => sharp({ create: { width: 10, height: 10, channels: 3, background: RED } }).tiff().toBuffer(), NOT_AN_IMAGE, 'unsupported_media_type'],
    ['a PNG cut short', async () => (await sharp({ create: { width: 64, height: 64, channels: 3, background: RED } }).png({ compressionLevel: 0 }).toBuffer()).subarray(0, 200), IMAGE_UNREADABLE, 'invalid_input'],
    ['a PNG signature and nothing else', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), IMAGE_UNREADABLE, 'invalid_input'],
    ['a small file that claims 20000 × 20000 pixels', () => pngClaiming(20_000, 20_000), IMAGE_TOO_MANY_PIXELS, 'payload_too_large'],
    ['a file over 10 MB', () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(MAX_IMAGE_BYTES)]), IMAGE_TOO_LARGE, 'payload_too_large'],
  ])('refuses %s with a clear message', async (_label, make, message, code) => {
    const rendered = await renderImageVariants(new Uint8Array(await make()), SQUARES)
    expect(rendered).toMatchObject({ ok: false, error: code, message })
  })

  it('reads a Blob as well (the file of a posted form) and refuses a size it would not keep', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: RED } }).png().toBuffer()
    expect((await renderImageVariants(new Blob([png]), SQUARES)).ok).toBe(true)
    expect(await renderImageVariants(new Blob([png, new Uint8Array(MAX_IMAGE_BYTES)]), SQUARES)).toMatchObject({ ok: false, message: IMAGE_TOO_LARGE })
  })

  it.each([
    [{ name: 'Big', width: 10, height: 10 }],
    [{ name: 'ok', width: 0, height: 10 }],
    [{ name: 'ok', width: 10, height: 5000 }],
    [{ name: 'ok', width: 1.5, height: 10 }],
  ])('is a programming error for a bad size request %j', async (spec) => {
    await expect(renderImageVariants(new Uint8Array(8), [spec])).rejects.toThrow(/bad image variant/)
  })
})

describe('centreCrop', () => {
  it.each([
    [300, 100, 1, { left: 100, top: 0, width: 100, height: 100 }],
    [100, 300, 1, { left: 0, top: 100, width: 100, height: 100 }],
    [100, 100, 1, { left: 0, top: 0, width: 100, height: 100 }],
    [1000, 1000, 310 / 200, { left: 0, top: 177, width: 1000, height: 645 }],
    [1, 20000, 1, { left: 0, top: 9999, width: 1, height: 1 }],
  ])('cuts %i×%i to shape %d as %j', (width, height, aspect, box) => {
    expect(centreCrop(width, height, aspect)).toEqual(box)
  })
})

describe('stored variants', () => {
  const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'variants-test-')) }
  const tenantA = { id: '11111111-1111-4111-8111-111111111111' }
  const tenantB = { id: '22222222-2222-4222-8222-222222222222' }

  it("are served as WebP to their tenant only, and removed together", async () => {
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: RED } }).png().toBuffer()
    const rendered = await renderImageVariants(png, SQUARES)
    if (!rendered.ok) throw new Error(rendered.message)
    const stored = await storeImageVariants(env, tenantA, rendered.value)
    expect(stored.key).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(stored.urls).toEqual({ profile: imageVariantUrl(stored.key, 'profile'), list: imageVariantUrl(stored.key, 'list') })
    const name = `${stored.key}-list.webp`
    const own = await openTenantUpload(env, tenantA, name)
    expect(own?.kind.contentType).toBe('image/webp')
    expect(own?.size).toBe(rendered.value.list.byteLength)
    expect(await openTenantUpload(env, tenantB, name)).toBeNull()

    await removeImageVariants(env, tenantA, stored.key, ['profile', 'list'])
    expect(await openTenantUpload(env, tenantA, name)).toBeNull()
    expect(await openTenantUpload(env, tenantA, `${stored.key}-profile.webp`)).toBeNull()
  })

  it('give no address for keys we never hand out', () => {
    expect(imageVariantUrl('AbCdEfGhIjKlMnOpQrStUvWx', 'list')).toBe('/uploads/AbCdEfGhIjKlMnOpQrStUvWx-list.webp')
    for (const key of [null, '', '../../etc/passwd', 'https://evil.example/x', 'AbCdEfGhIjKlMnOpQrStUvWx.png', 'short']) expect(imageVariantUrl(key, 'list')).toBeNull()
    expect(imageVariantUrl('AbCdEfGhIjKlMnOpQrStUvWx', '../x')).toBeNull()
  })
})
