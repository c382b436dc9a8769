/**
 * Polls `check` until it answers a value, or fails after `timeoutMs`: tests wait for state (a
 * job's row, a worker's result), never for a fixed time.
 */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
