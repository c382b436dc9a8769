import { parseByteRange } from '#server/files/byte-range'

describe('a Range header against a 1000-byte file', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=0-', { start: 0, end: 999 }],
    ['bytes=500-', { start: 500, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    [null, null],
    ['', null],
    ['bytes=0-99,200-299', null],
    ['items=0-99', null],
    ['bytes=99-0', null],
    ['bytes=-', null],
    ['bytes=abc-def', null],
  ])('%s → %j', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected)
  })
})
