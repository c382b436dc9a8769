import { mediaImageSources, mediaVideoUrl, readStoredVariants, variantSizesFor } from '#server/media/media-variants'
import { byteSizeText } from '#server/media/media-rules'

const KEY = 'abcdefghijklmnopqrstuvwx'

describe('the widths an image is kept at', () => {
  it.each([
    [
      4000,
      3000,
      [
        [480, 360],
        [960, 720],
        [1600, 1200],
      ],
    ],
    [
      1600,
      900,
      [
        [480, 270],
        [960, 540],
        [1600, 900],
      ],
    ],
    [
      1000,
      500,
      [
        [480, 240],
        [960, 480],
        [1000, 500],
      ],
    ],
    [
      960,
      1280,
      [
        [480, 640],
        [960, 1280],
      ],
    ],
    [
      500,
      500,
      [
        [480, 480],
        [500, 500],
      ],
    ],
    [480, 320, [[480, 320]]],
    [300, 200, [[300, 200]]],
    [1, 1, [[1, 1]]],
    [
      3000,
      10,
      [
        [480, 2],
        [960, 3],
        [1600, 5],
      ],
    ],
  ])('%i × %i → %j (same shape, never wider than the image)', (width, height, expected) => {
    const sizes = variantSizesFor(width, height)
    expect(sizes.map((size) => [size.width, size.height])).toEqual(expected)
    expect(sizes.map((size) => size.name)).toEqual(expected.map(([w]) => `w${w}`))
    for (const size of sizes) expect(size.width).toBeLessThanOrEqual(width)
  })

  it('refuses sides that are not positive whole numbers', () => {
    expect(() => variantSizesFor(0, 10)).toThrow()
    expect(() => variantSizesFor(10.5, 10)).toThrow()
  })
})

describe('how a stored image is drawn', () => {
  it('offers every variant in srcset, the narrowest as src and the widest to open in full', () => {
    const sources = mediaImageSources(KEY, variantSizesFor(2000, 1000))
    expect(sources).toEqual({
      src: `/uploads/${KEY}-w480.webp`,
      srcSet: `/uploads/${KEY}-w480.webp 480w, /uploads/${KEY}-w960.webp 960w, /uploads/${KEY}-w1600.webp 1600w`,
      full: { url: `/uploads/${KEY}-w1600.webp`, width: 1600, height: 800 },
      width: 480,
      height: 240,
    })
  })

  it('shows no picture for a key or variants it never handed out', () => {
    expect(mediaImageSources('../../etc/passwd', variantSizesFor(100, 100))).toBeNull()
    expect(mediaImageSources(KEY, [])).toBeNull()
    expect(readStoredVariants([{ name: '../x', width: 1, height: 1 }])).toEqual([])
    expect(readStoredVariants('nonsense')).toEqual([])
    expect(
      readStoredVariants([
        { name: 'w960', width: 960, height: 10 },
        { name: 'w480', width: 480, height: 5 },
      ]).map((variant) => variant.name),
    ).toEqual(['w480', 'w960'])
  })

  it('names a video by its key and type', () => {
    expect(mediaVideoUrl(KEY, 'video/mp4')).toBe(`/uploads/${KEY}.mp4`)
    expect(mediaVideoUrl(KEY, 'video/webm')).toBe(`/uploads/${KEY}.webm`)
    expect(mediaVideoUrl(KEY, 'video/quicktime')).toBeNull()
    expect(mediaVideoUrl('short', 'video/mp4')).toBeNull()
  })

  it.each([
    [900, '900 B'],
    [2048, '2 KB'],
    [10_485_760, '10.0 MB'],
    [2_516_582, '2.4 MB'],
  ])('says %i bytes as %s', (bytes, text) => {
    expect(byteSizeText(bytes)).toBe(text)
  })
})
