import * as crypto from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LoginCandidate } from '#server/auth/login-candidates'
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '#server/auth/password'
import { verifyPasswordCandidates } from '#server/auth/password-sign-in'

// Counts scrypt runs and the cost of each: an answer's time is its scrypt work.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>()
  return { ...actual, scrypt: vi.fn(actual.scrypt) }
})
const scrypt = vi.mocked(crypto.scrypt)
const work = () => scrypt.mock.calls.map((call) => JSON.stringify(call[3]))

function candidate(passwordHash: string | null): LoginCandidate {
  return {
    tenantId: '00000000-0000-4000-8000-000000000001',
    orgId: 'demo',
    orgName: 'Demo',
    contactId: '00000000-0000-4000-8000-000000000002',
    passwordHash,
    isAccountLocked: false,
  } as LoginCandidate
}

describe('every sign-in answer does the same password work (docs/decisions/051)', () => {
  afterEach(() => scrypt.mockClear())

  it('the dummy hash is made with the cost new passwords get', async () => {
    const real = await hashPassword('a real password')
    expect(DUMMY_PASSWORD_HASH.split('$').slice(0, 4)).toEqual(real.split('$').slice(0, 4))
    expect(await verifyPassword('anything', DUMMY_PASSWORD_HASH)).toBe(false)
  })

  it.each([
    ['an account with a password', 'REAL'],
    ['an account without a password', null],
    ['an account with an empty hash', ''],
    ['an account with a damaged hash', 'scrypt$16384$8$1$c2FsdA==$'],
    ['an account with an unknown scheme', 'bcrypt$2b$10$abc'],
  ])('%s: one scrypt at the full cost', async (_name, stored) => {
    const hash = stored === 'REAL' ? await hashPassword('another password') : stored
    scrypt.mockClear()
    expect(await verifyPasswordCandidates([candidate(hash)], 'a wrong password')).toEqual({ ok: false, error: 'unauthenticated' })
    expect(work()).toEqual([JSON.stringify({ N: 16384, r: 8, p: 1 })])
  })

  it('an email with no account: one scrypt at the full cost', async () => {
    expect(await verifyPasswordCandidates([], 'a wrong password')).toEqual({ ok: false, error: 'unauthenticated' })
    expect(work()).toEqual([JSON.stringify({ N: 16384, r: 8, p: 1 })])
  })
})
