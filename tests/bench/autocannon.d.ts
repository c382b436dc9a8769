// autocannon ships no types; this names only what the benchmarks use, and the result is
// checked with zod where it is read (see http.bench.ts).
declare module 'autocannon' {
  interface AutocannonOptions {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    headers?: Record<string, string>
    method?: string
    body?: string
    /** Seconds before a request counts as timed out. */
    timeout?: number
    /** A fixed number of requests instead of a duration. */
    amount?: number
  }
  function autocannon(options: AutocannonOptions): Promise<unknown>
  export default autocannon
}
