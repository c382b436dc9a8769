/**
 * CRC-32 (the gzip polynomial) of two byte runs joined, from each run's CRC and the second's
 * length, without reading the bytes again: what lets a kept page's gzip trailer be written per
 * answer in microseconds instead of a pass over the whole page (gzip-segments.ts).
 *
 * The arithmetic is polynomials over GF(2) modulo the CRC polynomial, in the reflected bit order
 * CRC-32 uses (the highest bit is x^0). Appending n zero bytes to a message multiplies its CRC by
 * x^(8n); so CRC(A·B) = CRC(A)·x^(8·|B|) + CRC(B). x^(8n) is built from the powers x^(2^k) by
 * the bits of 8n, and a caller that appends runs of one length again and again keeps that factor
 * (`zeroBytesFactor`) and pays one multiplication per join.
 */

const POLYNOMIAL = 0xedb88320
const ONE = 0x80000000

/** a·b modulo the polynomial. */
function multiplyModulo(a: number, b: number): number {
  let product = 0
  let factor = b
  for (let bit = ONE; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= factor
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1
  }
  return product >>> 0
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const POWERS_OF_X = (() => {
  const powers: number[] = []
  let power = ONE >>> 1 // x^1
  for (let k = 0; k < 32; k++) {
    powers.push(power)
    power = multiplyModulo(power, power)
  }
  return powers
})()

/** The factor that appending `byteCount` bytes multiplies a CRC by: x^(8·byteCount). */
export function zeroBytesFactor(byteCount: number): number {
  let factor = ONE
  // 8·byteCount in bits: start at k = 3 (x^8) and walk the byte count's bits.
  let k = 3
  for (let n = byteCount; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) factor = multiplyModulo(POWERS_OF_X[k % 32] ?? ONE, factor)
  }
  return factor
}

/** CRC-32 of A followed by B, given CRC(A), CRC(B) and the factor of B's length (`zeroBytesFactor(|B|)`). */
export function combineCrc32(crcOfFirst: number, crcOfSecond: number, factorOfSecondLength: number): number {
  return (multiplyModulo(factorOfSecondLength, crcOfFirst) ^ crcOfSecond) >>> 0
}
