import { gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { acceptsGzip, compressSegments, joinGzip } from '#server/http/gzip-segments'

describe('a gzip body joined from pieces compressed once', () => {
  const cases: { name: string; parts: string[]; values: string[] }[] = [
    { name: 'one part, no values', parts: ['<p>hello</p>'], values: [] },
    { name: 'a nonce in two places', parts: ['<script nonce="', '">x</script><p>', '</p>'], values: ['abc123==', 'abc123=='] },
    { name: 'empty parts around values', parts: ['', '', ''], values: ['N', 'M'] },
    { name: 'a long page repeated text', parts: ['<li>Yoga class</li>'.repeat(2000), '<footer>' + 'é'.repeat(500) + '</footer>'], values: ['nonce-value'] },
    { name: 'a value over one stored block', parts: ['a', 'b'], values: ['x'.repeat(70_000)] },
  ]
  test.each(cases)('$name', ({ parts, values }) => {
    const segments = compressSegments(parts.map((part) => Buffer.from(part)))
    const body = joinGzip(segments, values.map((value) => Buffer.from(value)))
    const expected = parts.map((part, index) => (index > 0 ? (values[index - 1] ?? '') : '') + part).join('')
    // gunzip checks the CRC and length of the trailer too.
    expect(gunzipSync(body).toString()).toBe(expected)
  })

  test('joining is cheaper than compressing: the same segments serve different values', () => {
    const segments = compressSegments([Buffer.from('<a nonce="'), Buffer.from('">')])
    expect(gunzipSync(joinGzip(segments, [Buffer.from('one')])).toString()).toBe('<a nonce="one">')
    expect(gunzipSync(joinGzip(segments, [Buffer.from('two')])).toString()).toBe('<a nonce="two">')
  })
})

describe('acceptsGzip', () => {
  test.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['gzip;q=0', false],
    ['identity', false],
    ['*', true],
    ['', false],
    [undefined, false],
    ['deflate, GZIP', true],
  ])('%s -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected)
  })
})
