import { CacheInvalidation } from '#server/cache/cache-invalidation'
import type { CacheTag } from '#server/cache/cache-tags'
import type { SessionLookup } from '#server/auth/load-session-user'
import { SessionMemo } from '#server/auth/session-memo'
import type { SessionState } from '#server/auth/session-state'
import type { SessionUser } from '#server/auth/session-user'

function fakeDirectory() {
  const caches = new CacheInvalidation()
  return {
    onChange: caches.onChange.bind(caches),
    change: (tenantId: string, tags: CacheTag[]) => caches.changed(tenantId, tags),
  }
}

const START = Date.parse('2026-11-29T10:00:00Z')
const MINUTE = 60_000

function clock() {
  let now = START
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

function active(options: { n: number; seenAt?: number; expiresAt?: number; state?: SessionState; byRotatedToken?: boolean }): SessionLookup {
  const user = {
    sessionId: 's1',
    contactId: `c${options.n}`,
    fullName: `Read ${options.n}`,
    role: 'ROLE_ADMIN',
    expiresAt: new Date(options.expiresAt ?? START + 30 * MINUTE).toISOString(),
  } as unknown as SessionUser // only the fields the memo reads
  return { kind: 'active', user, state: options.state ?? {}, rememberMe: false, seenAt: new Date(options.seenAt ?? START), byRotatedToken: options.byRotatedToken ?? false }
}

function setUp(overrides: { ttlMs?: number; maxEntries?: number } = {}) {
  const directory = fakeDirectory()
  const time = clock()
  const memo = new SessionMemo(directory, { ttlMs: overrides.ttlMs ?? 15_000, slideIntervalMs: MINUTE, maxEntries: overrides.maxEntries ?? 100, now: time.now })
  let reads = 0
  const load = (make: (n: number) => SessionLookup = (n) => active({ n })) => async () => make(++reads)
  const fullName = async (tenant: string, token: string, loader = load()) => {
    const lookup = await memo.lookUp(tenant, token, loader)
    return lookup.kind === 'active' ? lookup.user.fullName : lookup.kind
  }
  return { directory, time, memo, load, fullName }
}

describe('SessionMemo', () => {
  it('answers a live session of a tenant once, keeping tokens and tenants apart', async () => {
    const { fullName } = setUp()
    expect(await fullName('a', 'token-1')).toBe('Read 1')
    expect(await fullName('a', 'token-1')).toBe('Read 1')
    expect(await fullName('a', 'token-2')).toBe('Read 2')
    expect(await fullName('b', 'token-1')).toBe('Read 3')
  })

  it('drops a tenant\'s lookups when its sessions, contacts or tenant change, and only then', async () => {
    const { directory, fullName } = setUp()
    await fullName('a', 't')
    await fullName('b', 't')
    directory.change('a', ['site', 'invoices', 'catalog'])
    expect(await fullName('a', 't')).toBe('Read 1')
    directory.change('a', ['sessions'])
    expect(await fullName('a', 't')).toBe('Read 3')
    directory.change('a', ['contacts'])
    expect(await fullName('a', 't')).toBe('Read 4')
    directory.change('a', ['tenant'])
    expect(await fullName('a', 't')).toBe('Read 5')
    expect(await fullName('b', 't')).toBe('Read 2')
  })

  it('keeps no answer but a live session: a signed-out token is asked about every time', async () => {
    const { fullName, load } = setUp()
    const none = load(() => ({ kind: 'none' }))
    expect(await fullName('a', 't', none)).toBe('none')
    expect(await fullName('a', 't', load())).toBe('Read 2')
    const expired = load(() => ({ kind: 'expired', sessionId: 's1' }))
    expect(await fullName('a', 'u', expired)).toBe('expired')
    expect(await fullName('a', 'u', load())).toBe('Read 4')
  })

  it("never keeps a franchise actor's session, whose person lives in another tenant", async () => {
    const { fullName, load } = setUp()
    const franchise = load((n) => active({ n, state: { franchise: { masterTenantId: 'm', masterContactId: 'c', returnOrigin: 'https://m.example' } } }))
    expect(await fullName('a', 't', franchise)).toBe('Read 1')
    expect(await fullName('a', 't', franchise)).toBe('Read 2')
  })

  it('never keeps a lookup by a rotated-away token, whose few seconds of grace end by the clock', async () => {
    const { fullName, load } = setUp()
    const rotated = load((n) => active({ n, byRotatedToken: true }))
    expect(await fullName('a', 't', rotated)).toBe('Read 1')
    expect(await fullName('a', 't', rotated)).toBe('Read 2')
  })

  it('reads afresh once the session is due its idle slide, so the slide is never skipped', async () => {
    const { fullName, time } = setUp({ ttlMs: 5 * MINUTE })
    expect(await fullName('a', 't')).toBe('Read 1')
    time.advance(MINUTE - 1)
    expect(await fullName('a', 't')).toBe('Read 1')
    time.advance(1)
    expect(await fullName('a', 't')).toBe('Read 2')
  })

  it('reads afresh once the kept expiry has passed or the time to live is over', async () => {
    const { fullName, time, load } = setUp()
    const shortLived = load((n) => active({ n, expiresAt: START + 5_000 }))
    expect(await fullName('a', 't', shortLived)).toBe('Read 1')
    time.advance(5_000)
    expect(await fullName('a', 't')).toBe('Read 2')
    time.advance(15_000)
    expect(await fullName('a', 't')).toBe('Read 3')
  })

  it('drops a lookup still in flight when a change is announced, so a read from before a write does not outlive it', async () => {
    const { directory, memo, fullName } = setUp()
    let finish: (lookup: SessionLookup) => void = () => undefined
    const pending = memo.lookUp('a', 't', () => new Promise<SessionLookup>((resolve) => (finish = resolve)))
    directory.change('a', ['sessions'])
    finish(active({ n: 0 }))
    await pending
    expect(await fullName('a', 't')).toBe('Read 1')
  })

  it('does not keep a failed read, and starts afresh past its size', async () => {
    const { memo, fullName } = setUp({ maxEntries: 2 })
    await expect(memo.lookUp('a', 't', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down')
    expect(await fullName('a', 't')).toBe('Read 1')
    await fullName('a', 'u')
    await fullName('a', 'v')
    expect(await fullName('a', 't')).toBe('Read 4')
  })
})
