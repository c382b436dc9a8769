import { SESSION_COOKIE } from '#server/auth/session-cookie'
import { send } from './http'
import type { RunningServer } from './server'

/**
 * Drops every cached page and value of one tenant, in the server under test, the way staff do
 * with the hidden cache-clear sequence (POST /cache/clear). A declared change, unlike a post
 * that writes nothing, which keeps the caches (decision 085).
 */
export async function clearTenantCaches(server: Pick<RunningServer, 'port' | 'sessionTokenFor'>, host: string, orgId = 'demo'): Promise<void> {
  const cookie = `${SESSION_COOKIE}=${await server.sessionTokenFor({ orgId, email: `admin@${orgId}.test` })}`
  const answer = await send(server.port, '/cache/clear', { host, method: 'POST', cookie, body: '' })
  if (answer.status !== 200) throw new Error(`clearing the caches of ${orgId} answered ${answer.status}`)
}
