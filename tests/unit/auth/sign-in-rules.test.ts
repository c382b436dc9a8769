import { describe, expect, it } from 'vitest'
import type { LoginCandidate } from '#server/auth/login-candidates'
import { readOrgSelectTicket, signOrgSelectTicket } from '#server/auth/org-select-ticket'
import { outcomeFor } from '#server/auth/password-sign-in'
import { hasPermission, type Permission } from '#server/auth/permissions'
import { normaliseFranchiseId } from '#server/auth/register-student'
import { safeRedirectPath } from '#server/auth/safe-redirect'
import { clearedSessionCookie, readSessionToken, sessionCookie } from '#server/auth/session-cookie'
import { parseSessionState } from '#server/auth/session-state'
import { ACCOUNT_NOT_FOUND_DIALOG } from '#server/auth/sign-in-messages'
import { tooManyAttemptsMessage } from '#server/security/rate-limit'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { rolesSettingsSchema } from '#server/tenancy/tenant-settings'

describe('safeRedirectPath: same-site paths only', () => {
  it.each([
    ['/contacts', '/contacts'],
    ['/contacts?page=2#top', '/contacts?page=2'],
    ['  /dashboard  ', '/dashboard'],
    ['/a/../settings', '/settings'],
    ['//evil.test/path', null],
    ['/\\evil.test', null],
    ['https://evil.test', null],
    ['javascript:alert(1)', null],
    ['dashboard', null],
    ['/login?redirectTo=/x', null],
    ['/logout', null],
    ['/reset-password/abc', null],
    ['/line\nbreak', null],
    [undefined, null],
    [42, null],
  ])('%j -> %j', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected)
  })
})

describe('the Roles-screen permissions', () => {
  const roles = rolesSettingsSchema.parse({ classes: { staff: false }, offers: { frontDesk: false } })
  it.each([
    ['ROLE_ADMIN', 'manageClasses', true],
    ['ROLE_STAFF', 'manageClasses', false],
    ['ROLE_FRONTDESK', 'manageClasses', true],
    ['ROLE_STAFF', 'showOffers', true],
    ['ROLE_FRONTDESK', 'showOffers', false],
    ['ROLE_STAFF', 'showCourses', true],
    ['ROLE_STUDENT', 'showCourses', false],
    [null, 'showContacts', false],
  ] as const)('%s %s -> %s', (role, permission: Permission, expected) => {
    expect(hasPermission(roles, role, permission)).toBe(expected)
  })

  it('defaults every grant to on, for tenants that never saved the Roles screen', () => {
    expect(rolesSettingsSchema.parse(undefined)).toEqual({
      classes: { staff: true, frontDesk: true },
      courses: { staff: true, frontDesk: true },
      contacts: { staff: true, frontDesk: true },
      offers: { staff: true, frontDesk: true },
    })
  })
})

describe('what a verified sign-in does next', () => {
  const candidate = (tenantId: string, locked = false): LoginCandidate => ({
    tenantId,
    orgId: tenantId,
    orgName: tenantId,
    contactId: `${tenantId}-contact`,
    role: 'ROLE_STUDENT',
    passwordHash: null,
    isAccountLocked: locked,
  })
  it.each([
    ['nobody verified', [], 'unauthenticated'],
    ['one organisation', [candidate('a')], 'signed-in'],
    ['locked in the only one', [candidate('a', true)], 'forbidden'],
    ['two organisations', [candidate('a'), candidate('b')], 'choose-org'],
    ['two, one locked', [candidate('a', true), candidate('b')], 'signed-in'],
  ])('%s -> %s', (_label, verified, next) => {
    const outcome = outcomeFor(verified)
    expect(outcome.ok ? outcome.value.kind : outcome.error).toBe(next)
  })
})

describe('the organisation choice ticket', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters'
  const ticket = {
    choices: [{ tenantId: '00000000-0000-4000-8000-000000000001', contactId: '00000000-0000-4000-8000-000000000002' }],
    method: 'password' as const,
    rememberMe: true,
    redirectTo: '/contacts',
  }

  it('round-trips while fresh', () => {
    const signed = signOrgSelectTicket(secret, ticket, 1_000)
    expect(readOrgSelectTicket(secret, signed, 2_000)).toMatchObject(ticket)
  })

  it('refuses an expired, altered or foreign ticket', () => {
    const signed = signOrgSelectTicket(secret, ticket, 1_000)
    expect(readOrgSelectTicket(secret, signed, 1_000 + 11 * 60_000)).toBeNull()
    const [body, signature] = signed.split('.')
    const forged = Buffer.from(JSON.stringify({ ...ticket, exp: 9e15 })).toString('base64url')
    expect(readOrgSelectTicket(secret, `${forged}.${signature}`, 2_000)).toBeNull()
    expect(readOrgSelectTicket('another-secret-of-thirty-two-characters!', signed, 2_000)).toBeNull()
    expect(readOrgSelectTicket(secret, `${body}`, 2_000)).toBeNull()
    expect(readOrgSelectTicket(secret, 12, 2_000)).toBeNull()
  })
})

describe('session cookies', () => {
  const token = 'A'.repeat(43)
  it('are httpOnly and SameSite=Lax, Secure in production, persistent only with remember me', () => {
    expect(sessionCookie(token, { secure: false, rememberMe: false })).toBe(`__session=${token}; Path=/; HttpOnly; SameSite=Lax`)
    expect(sessionCookie(token, { secure: true, rememberMe: true })).toBe(`__session=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure`)
    expect(clearedSessionCookie({ secure: false })).toBe('__session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0')
  })

  it.each([
    [`__session=${token}`, token],
    [`theme=dark; __session=${token}; org=demo`, token],
    ['__session=short', null],
    [`__session=${token}x`, null],
    [null, null],
  ])('reads %j as %j', (header, expected) => {
    expect(readSessionToken(header)).toBe(expected)
  })
})

describe('stored session states', () => {
  const id = '00000000-0000-4000-8000-000000000003'
  it.each([
    [{}, true],
    [{ preview: { kind: 'web', staffContactId: id } }, true],
    [{ preview: { kind: 'student', staffContactId: id }, franchise: { masterTenantId: id, masterContactId: id, returnOrigin: 'http://demo.localhost:3000' } }, true],
    [{ preview: { kind: 'boss', staffContactId: id } }, false],
    [{ admin: true }, false],
    ['garbage', false],
  ])('%j readable: %s', (state, readable) => {
    expect(parseSessionState(state) !== null).toBe(readable)
  })
})

describe('small rules', () => {
  it('sends the master franchise id as empty', () => {
    expect(normaliseFranchiseId('MASTER', 'master')).toBe('')
    expect(normaliseFranchiseId(' demo-east ', 'master')).toBe('demo-east')
    expect(normaliseFranchiseId(undefined, 'master')).toBe('')
  })

  it('builds a tenant address from its custom domain or its subdomain, never from the request host', () => {
    const dev = { PLATFORM_DOMAINS: ['localhost'], isProduction: false }
    const prod = { PLATFORM_DOMAINS: ['studio.example', 'other.example'], isProduction: true }
    const request = new URL('http://evil.example:3000/forgot-password')
    expect(tenantOrigin({ orgId: 'demo', customDomain: null }, request, dev)).toBe('http://demo.localhost:3000')
    expect(tenantOrigin({ orgId: 'demo', customDomain: 'yoga.example.com' }, request, dev)).toBe('http://yoga.example.com:3000')
    expect(tenantOrigin({ orgId: 'demo', customDomain: null }, request, prod)).toBe('https://demo.studio.example')
    expect(tenantOrigin({ orgId: 'demo', customDomain: 'yoga.example.com' }, request, prod)).toBe('https://yoga.example.com')
    expect(tenantOrigin({ orgId: 'demo', customDomain: null }, new URL('http://x.studio.example:8443/'), prod)).toBe('https://demo.studio.example')
  })

  it("words the spec's messages exactly", () => {
    expect(ACCOUNT_NOT_FOUND_DIALOG.message('we could not find an account for a@b.test')).toBe(
      'Sorry, we could not find an account for a@b.test.Please check your email or register for a new account.',
    )
    expect(tooManyAttemptsMessage(15)).toBe('Too many attempts. Try again in 15 minutes.')
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Try again in 1 minute.')
  })
})
