import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE } from '#server/files/upload-limits'
import { renderResponsiveImage } from '#server/media/responsive-image'

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer()

describe('the responsive variants of an image', () => {
  it('writes WebP at each width narrower than the image, keeping its shape and no metadata', async () => {
    const rendered = await renderResponsiveImage(new Uint8Array(await photo(2000, 1500)))
    expect(rendered.ok).toBe(true)
    if (!rendered.ok) return
    expect(rendered.value).toMatchObject({ width: 2000, height: 1500 })
    expect(rendered.value.variants.map(({ name, width, height }) => [name, width, height])).toEqual([
      ['w480', 480, 360],
      ['w960', 960, 720],
      ['w1600', 1600, 1200],
    ])
    for (const variant of rendered.value.variants) {
      const info = await sharp(variant.bytes).metadata()
      expect(info).toMatchObject({ format: 'webp', width: variant.width, height: variant.height })
      expect(info.exif).toBeUndefined()
    }
  })

  it('never scales a small image up', async () => {
    const rendered = await renderResponsiveImage(
      new Uint8Array(
        await sharp({ create: { width: 320, height: 240, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
          .png()
          .toBuffer(),
      ),
    )
    if (!rendered.ok) throw new Error(rendered.message)
    expect(rendered.value.variants.map((variant) => [variant.width, variant.height])).toEqual([[320, 240]])
    expect((await sharp(rendered.value.variants[0]?.bytes).metadata()).hasAlpha).toBe(true)
  })

  it('turns a photo upright by its EXIF orientation before measuring it', async () => {
    // Stored 1200 × 800 with "rotate 90°": it is a portrait photo of 800 × 1200.
    const sideways = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const rendered = await renderResponsiveImage(new Uint8Array(sideways))
    if (!rendered.ok) throw new Error(rendered.message)
    expect(rendered.value).toMatchObject({ width: 800, height: 1200 })
    expect(rendered.value.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [480, 720],
      [800, 1200],
    ])
  })

  it('refuses a damaged image and one that claims more than 50 megapixels, without decoding it', async () => {
    const damaged = await renderResponsiveImage(new Uint8Array((await photo(400, 400)).subarray(0, 200)))
    expect(damaged).toMatchObject({ ok: false, error: 'invalid_input', message: IMAGE_UNREADABLE })

    const png = Buffer.from(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
        .png()
        .toBuffer(),
    )
    png.writeUInt32BE(20_000, 16)
    png.writeUInt32BE(20_000, 20)
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
    expect(await renderResponsiveImage(new Uint8Array(png))).toMatchObject({ ok: false, error: 'payload_too_large', message: IMAGE_TOO_MANY_PIXELS })
  })
})
