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
    /** Requests each connection sends in turn (a path and headers each), instead of one URL's. */
    requests?: Array<{
      method?: string
      path: string
      body?: string
      headers?: Record<string, string>
      /** Called before each send of this request: what it returns is sent instead. */
      setupRequest?: (request: { method?: string; path: string; headers?: Record<string, string> }) => { method?: string; path: string; headers?: Record<string, string> }
    }>
  }
  /** The running load: awaited for its summary; 'response' is each answer with its time in ms. */
  interface AutocannonRun extends Promise<unknown> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): AutocannonRun
  }
  function autocannon(options: AutocannonOptions): AutocannonRun
  export default autocannon
}
