import { CacheInvalidation } from '#server/cache/cache-invalidation'
import type { CacheTag } from '#server/cache/cache-tags'
import { TenantQueryMemo } from '#server/tenancy/tenant-query-memo'

function fakeDirectory() {
  const caches = new CacheInvalidation()
  return {
    onChange: caches.onChange.bind(caches),
    change: (tenantId: string, tags: CacheTag[]) => caches.changed(tenantId, tags),
  }
}

const OPTIONS = { tags: ['contacts'] as CacheTag[], ttlMs: 60_000, maxEntries: 100 }

describe('TenantQueryMemo', () => {
  it('answers a repeated key of a tenant once, and keeps tenants and keys apart', async () => {
    const memo = new TenantQueryMemo<string>(fakeDirectory(), OPTIONS)
    let reads = 0
    const load = (label: string) => async () => `${label} ${++reads}`
    expect(await memo.get('a', 'garcia', load('a garcia'))).toBe('a garcia 1')
    expect(await memo.get('a', 'garcia', load('a garcia'))).toBe('a garcia 1')
    expect(await memo.get('a', 'jose', load('a jose'))).toBe('a jose 2')
    expect(await memo.get('b', 'garcia', load('b garcia'))).toBe('b garcia 3')
  })

  it("drops one tenant's answers when one of its tags changes, and only then", async () => {
    const directory = fakeDirectory()
    const memo = new TenantQueryMemo<number>(directory, OPTIONS)
    let reads = 0
    const load = async () => ++reads
    await memo.get('a', 'q', load)
    await memo.get('b', 'q', load)
    directory.change('a', ['site', 'forms'])
    expect(await memo.get('a', 'q', load)).toBe(1)
    directory.change('a', ['contacts'])
    expect(await memo.get('a', 'q', load)).toBe(3)
    expect(await memo.get('b', 'q', load)).toBe(2)
  })

  it('asks again once an answer is older than its time to live', async () => {
    let now = 0
    const memo = new TenantQueryMemo<number>(fakeDirectory(), { ...OPTIONS, ttlMs: 100, now: () => now })
    let reads = 0
    const load = async () => ++reads
    await memo.get('a', 'q', load)
    now = 99
    expect(await memo.get('a', 'q', load)).toBe(1)
    now = 100
    expect(await memo.get('a', 'q', load)).toBe(2)
  })

  it('does not remember a failed read', async () => {
    const memo = new TenantQueryMemo<string>(fakeDirectory(), OPTIONS)
    await expect(memo.get('a', 'q', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down')
    expect(await memo.get('a', 'q', async () => 'read again')).toBe('read again')
  })

  it('never holds more than its bound, however many different keys are asked', async () => {
    const memo = new TenantQueryMemo<number>(fakeDirectory(), { ...OPTIONS, maxEntries: 10 })
    let reads = 0
    const load = async () => ++reads
    for (let i = 0; i < 1_000; i++) await memo.get(`tenant ${i % 7}`, `q${i}`, load)
    // Past the bound the memo starts afresh: the first key is asked again.
    expect(await memo.get('tenant 0', 'q0', load)).toBe(1_001)
  })
})
