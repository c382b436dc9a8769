import { hashPassword, verifyPassword } from '#server/auth/password'

describe('password hashing', () => {
  let hash: string
  beforeAll(async () => {
    hash = await hashPassword('correct horse battery staple')
  })

  it('stores scrypt with its parameters, a salt and a 32-byte key, never the password', () => {
    const [scheme, n, r, p, salt, key] = hash.split('$')
    expect([scheme, n, r, p]).toEqual(['scrypt', '16384', '8', '1'])
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16)
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(32)
    expect(hash).not.toContain('correct horse')
  })

  it('salts every hash, so the same password never hashes the same twice', async () => {
    expect(await hashPassword('correct horse battery staple')).not.toBe(hash)
  })

  it('accepts the right password and refuses any other', async () => {
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true)
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false)
    expect(await verifyPassword('Correct horse battery staple', hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
  })

  it('treats canonically equal Unicode spellings as the same password', async () => {
    const composed = await hashPassword('Pässwörd-1')
    expect(await verifyPassword('Pa\u0308sswo\u0308rd-1', composed)).toBe(true)
  })

  it('refuses everyone when no password is set', async () => {
    expect(await verifyPassword('anything', null)).toBe(false)
    expect(await verifyPassword('', '')).toBe(false)
  })

  it.each([
    ['another scheme', 'bcrypt$10$abc$def'],
    ['missing parts', 'scrypt$16384$8$1'],
    ['an empty key', 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$'],
    ['a key that is not base64', 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$!!!!'],
    ['a key too short to mean anything', 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AA=='],
    ['a cost that is not a number', 'scrypt$abc$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' + 'A'.repeat(43) + '='],
    ['a cost too large to compute', 'scrypt$1073741824$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' + 'A'.repeat(43) + '='],
  ])('refuses any password against a damaged hash (%s) without throwing', async (_label, damaged) => {
    await expect(verifyPassword('anything', damaged)).resolves.toBe(false)
    await expect(verifyPassword('', damaged)).resolves.toBe(false)
  })

  it('refuses a hash whose key was tampered with', async () => {
    const parts = hash.split('$')
    const key = Buffer.from(parts[5] ?? '', 'base64')
    key[0] = (key[0] ?? 0) ^ 0xff
    parts[5] = key.toString('base64')
    expect(await verifyPassword('correct horse battery staple', parts.join('$'))).toBe(false)
  })
})
