/**
 * Remembers values computed from a string (a stored snippet, a time zone) that every page
 * asks for again, at most `max` of them: past that it starts afresh, so a flood of distinct
 * keys cannot grow memory without end.
 */
export class BoundedMemo<V> {
  readonly #values = new Map<string, V>()

  constructor(private readonly max: number) {}

  get(key: string, compute: () => V): V {
    if (this.#values.has(key)) return this.#values.get(key) as V
    const value = compute()
    if (this.#values.size >= this.max) this.#values.clear()
    this.#values.set(key, value)
    return value
  }
}
