import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  )

const COST = { N: 16384, r: 8, p: 1 }
const KEY_LENGTH = 32

/** scrypt with a random salt; the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$')
}

/**
 * A fixed hash of a password nobody has, made with the current cost. An account without a
 * password (or with a damaged hash), and an email without an account, are verified against it,
 * so the answer takes as long as a real check and its timing tells nothing
 * (docs/decisions/051). Raise it with COST.
 */
export const DUMMY_PASSWORD_HASH = 'scrypt$16384$8$1$iiK1X24UcQioe5mSHEqbig==$am7Afs+dFeTSMrkq8wavqrgzxqGyDa5PUkNwHq4enMc='

/** Whether the password matches; always does one scrypt's work, whatever `stored` holds. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored || !isUsableHash(stored)) {
    await scryptCheck(password, DUMMY_PASSWORD_HASH)
    return false
  }
  return scryptCheck(password, stored)
}

function isUsableHash(stored: string): boolean {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$')
  if (scheme !== 'scrypt' || !saltText || !keyText || !n || !r || !p) return false
  // A damaged key decodes to few or no bytes, and an empty key would match every password.
  return Buffer.from(keyText, 'base64').length >= 16
}

async function scryptCheck(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, saltText = '', keyText = ''] = stored.split('$')
  const expected = Buffer.from(keyText, 'base64')
  try {
    const actual = await scrypt(password.normalize('NFKC'), Buffer.from(saltText, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    })
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  } catch {
    // Parameters scrypt refuses (not numbers, too costly): a damaged hash matches nothing.
    return false
  }
}
