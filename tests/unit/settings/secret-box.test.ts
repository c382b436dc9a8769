import { describe, expect, it } from 'vitest'
import { openSecret, sealSecret } from '#server/security/secret-box'

const secret = 'test-secret-test-secret-test-secret-0123'

describe('secret box', () => {
  it('opens what it sealed, and never shows the plain value in the box', () => {
    const sealed = sealSecret(secret, 'tenant-a:api', 'key-123')
    expect(sealed).not.toContain('key-123')
    expect(sealed).toMatch(/^v1\./)
    expect(openSecret(secret, 'tenant-a:api', sealed)).toBe('key-123')
  })

  it('uses a fresh IV each time', () => {
    expect(sealSecret(secret, 'p', 'same')).not.toBe(sealSecret(secret, 'p', 'same'))
  })

  it('refuses another purpose, another secret, or a changed box', () => {
    const sealed = sealSecret(secret, 'tenant-a:api', 'key-123')
    expect(openSecret(secret, 'tenant-b:api', sealed)).toBeNull()
    expect(openSecret(`${secret}x`, 'tenant-a:api', sealed)).toBeNull()
    const [v, iv, tag, body] = sealed.split('.')
    // Flip a bit of the ciphertext's bytes: editing a base64 character may only touch the
    // unused bits of the last character and leave the bytes as they were.
    const bytes = Buffer.from(body, 'base64url')
    bytes[0] ^= 1
    const flipped = bytes.toString('base64url')
    expect(openSecret(secret, 'tenant-a:api', [v, iv, tag, flipped].join('.'))).toBeNull()
    expect(openSecret(secret, 'tenant-a:api', 'garbage')).toBeNull()
  })
})
