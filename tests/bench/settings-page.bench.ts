import { send, signInAsDemoAdmin } from './bench-http'
import { formatLoad, measureLoad, setupName, withBenchServer, type LoadResult } from './load'

/**
 * /settings/account as the signed-in demo admin (the descriptor-driven form, the session, the
 * staff shell around it), on the built server in production mode: the session is checked on
 * every request and the rendered screen is kept per user until a write (decision 024).
 */
export function benchSettingsPage(options: { duration?: number } = {}): Promise<LoadResult> {
  return withBenchServer(1, async (server) => {
    const host = `demo.localhost:${server.port}`
    const headers = { host, cookie: await signInAsDemoAdmin(server.port, host) }
    const first = await send(server.port, { path: '/settings/account', headers })
    if (first.status !== 200) throw new Error(`/settings/account answered ${first.status}, not 200`)
    return measureLoad(server, { path: '/settings/account', headers, setup: setupName(1), target: 'demo /settings/account (signed in)', duration: options.duration })
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatLoad(await benchSettingsPage()))
}
