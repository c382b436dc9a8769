import { CacheInvalidation } from '#server/cache/cache-invalidation'
import type { CacheTag } from '#server/cache/cache-tags'
import { TenantMemo } from '#server/tenancy/tenant-memo'

function fakeDirectory() {
  const caches = new CacheInvalidation()
  return {
    onChange: caches.onChange.bind(caches),
    drop: (tenantId: string, tags: CacheTag[] = ['tenant']) => caches.changed(tenantId, tags),
  }
}

describe('TenantMemo', () => {
  it('reads once per tenant until the tenant drops', async () => {
    const directory = fakeDirectory()
    const memo = new TenantMemo<string>(directory, 60_000)
    let reads = 0
    const load = async () => `value ${++reads}`
    expect(await memo.get('a', load)).toBe('value 1')
    expect(await memo.get('a', load)).toBe('value 1')
    expect(await memo.get('b', load)).toBe('value 2')
    directory.drop('a')
    expect(await memo.get('a', load)).toBe('value 3')
    expect(await memo.get('b', load)).toBe('value 2')
  })

  it('reads again once the entry is older than its time to live', async () => {
    let now = 1_000
    const memo = new TenantMemo<number>(fakeDirectory(), 500, () => now)
    let reads = 0
    const load = async () => ++reads
    await memo.get('a', load)
    now += 499
    expect(await memo.get('a', load)).toBe(1)
    now += 1
    expect(await memo.get('a', load)).toBe(2)
  })

  it('drops only when one of its own tags changes', async () => {
    const directory = fakeDirectory()
    const memo = new TenantMemo<string>(directory, 60_000, Date.now, ['site'])
    let reads = 0
    const load = async () => `pages ${++reads}`
    expect(await memo.get('a', load)).toBe('pages 1')
    directory.drop('a', ['forms', 'screens'])
    expect(await memo.get('a', load)).toBe('pages 1')
    directory.drop('a', ['site'])
    expect(await memo.get('a', load)).toBe('pages 2')
  })

  it('does not remember a failed read', async () => {
    const memo = new TenantMemo<string>(fakeDirectory(), 60_000)
    await expect(memo.get('a', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away')
    await Promise.resolve()
    expect(await memo.get('a', async () => 'back')).toBe('back')
  })
})
