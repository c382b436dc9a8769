import sharp from 'sharp'
import { sniffMedia, sniffVideo } from '#server/media/sniff-media'
import { ebmlBytes, mp4Bytes } from './video-fixtures'

const text = (value: string) => new TextEncoder().encode(value)

describe('what an uploaded file is, read from its bytes', () => {
  it.each([
    ['an MP4 (isom)', mp4Bytes('isom'), 'video/mp4'],
    ['an MP4 (mp42)', mp4Bytes('mp42'), 'video/mp4'],
    ['an M4V', mp4Bytes('M4V '), 'video/mp4'],
    ['a WebM', ebmlBytes('webm'), 'video/webm'],
  ])('takes %s as a video', (_label, bytes, type) => {
    expect(sniffVideo(bytes)?.contentType).toBe(type)
    expect(sniffMedia(bytes)).toMatchObject({ kind: 'video', type: { contentType: type } })
  })

  it.each([
    ['a QuickTime movie', mp4Bytes('qt  ')],
    ['a HEIC photo', mp4Bytes('heic')],
    ['an AVIF image', mp4Bytes('avif')],
    ['a Matroska file', ebmlBytes('matroska')],
    ['a text file', text('hello, this is not a video at all')],
    ['an SVG', text('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', text('<!doctype html><script>alert(1)</script>')],
    ['a PDF', text('%PDF-1.7 a document')],
    ['a cut-off header', mp4Bytes('isom').subarray(0, 9)],
    ['nothing', new Uint8Array()],
  ])('refuses %s', (_label, bytes) => {
    expect(sniffMedia(bytes)).toBeNull()
  })

  it.each([
    [
      'png',
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
          .png()
          .toBuffer(),
      'image/png',
    ],
    [
      'jpeg',
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
          .jpeg()
          .toBuffer(),
      'image/jpeg',
    ],
    [
      'gif',
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
          .gif()
          .toBuffer(),
      'image/gif',
    ],
    [
      'webp',
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
          .webp()
          .toBuffer(),
      'image/webp',
    ],
  ])('takes a %s as an image', async (_label, make, type) => {
    expect(sniffMedia(new Uint8Array(await make()))).toMatchObject({ kind: 'image', type: { contentType: type } })
  })
})
