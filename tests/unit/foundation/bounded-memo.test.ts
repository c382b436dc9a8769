import { BoundedMemo } from '#server/cache/bounded-memo'

describe('BoundedMemo', () => {
  it('computes a key once, and starts afresh past its bound', () => {
    const memo = new BoundedMemo<number>(2)
    let computed = 0
    const get = (key: string) => memo.get(key, () => ++computed)
    expect([get('a'), get('a'), get('b')]).toEqual([1, 1, 2])
    expect(get('c')).toBe(3) // the bound was reached: earlier keys are forgotten
    expect(get('a')).toBe(4)
  })

  it('remembers a falsy value too', () => {
    const memo = new BoundedMemo<string>(10)
    let computed = 0
    memo.get('empty', () => (computed++, ''))
    memo.get('empty', () => (computed++, ''))
    expect(computed).toBe(1)
  })
})
