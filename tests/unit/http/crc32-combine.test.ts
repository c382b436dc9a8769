import { crc32 } from 'node:zlib'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { combineCrc32, zeroBytesFactor } from '#server/http/crc32-combine'

const crcOf = (bytes: Uint8Array) => (bytes.length === 0 ? 0 : crc32(bytes))
const joined = (first: Uint8Array, second: Uint8Array) => Buffer.concat([first, second])

describe('CRC-32 of two runs joined, from their CRCs', () => {
  test('equals the CRC of the joined bytes, for any two runs', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (first, second) => {
        expect(combineCrc32(crcOf(first), crcOf(second), zeroBytesFactor(second.length))).toBe(crcOf(joined(first, second)))
      }),
      { numRuns: 500 },
    )
  })

  test('holds for runs of a page\'s size and over lengths with many bits set', () => {
    for (const length of [1, 2, 3, 255, 256, 65_535, 65_536, 131_071, 250_000]) {
      const first = Buffer.from('<html><head><script nonce="')
      const second = Buffer.alloc(length, 'é'.charCodeAt(0) ^ length)
      expect(combineCrc32(crcOf(first), crcOf(second), zeroBytesFactor(length))).toBe(crcOf(joined(first, second)))
    }
  })

  test('an empty second run leaves the first CRC as it was', () => {
    expect(combineCrc32(0x12345678, 0, zeroBytesFactor(0))).toBe(0x12345678)
  })
})
