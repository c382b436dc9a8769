import type { RunningServer } from '#tests/e2e/support/server'

/**
 * The newest password reset link the server put in its outbox for this address. Without
 * SMTP the outbox prints each message to the server log, which is what we read here.
 */
export async function waitForResetLink(server: Pick<RunningServer, 'output'>, to: string, after = 0, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const links: string[] = []
    for (const line of server.output().split('\n')) {
      if (!line.includes('kept in the outbox') || !line.includes(`"to":"${to}"`)) continue
      const link = /(https?:\/\/[^\s"\\]+\/reset-password\/[A-Za-z0-9_-]{43})/.exec(line)?.[1]
      if (link) links.push(link)
    }
    if (links.length > after) return links[links.length - 1] ?? ''
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`no reset link for ${to} in the server output`)
}

export function countResetLinks(server: Pick<RunningServer, 'output'>, to: string): number {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('kept in the outbox') && line.includes(`"to":"${to}"`)).length
}
