import { Resolver } from 'node:dns/promises'
import { joinTxtChunks } from './dns-records'

/** What a TXT look-up found: the record's values, nothing there, or the resolver could not answer. */
export type TxtLookup = { kind: 'found'; values: string[] } | { kind: 'absent' } | { kind: 'unavailable'; reason: string }

export interface TxtResolver {
  resolveTxt(name: string): Promise<TxtLookup>
}

const ABSENT_CODES = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN'])

/**
 * Resolves TXT records through the server named in DNS_RESOLVER (host:port), or the system's
 * resolvers when it is not set. Timeouts are short so a check never holds a worker for long.
 */
export function createTxtResolver(server: string | undefined): TxtResolver {
  const resolver = new Resolver({ timeout: 2000, tries: 2 })
  if (server) resolver.setServers([server])
  return {
    async resolveTxt(name) {
      try {
        const records = await resolver.resolveTxt(name)
        return records.length === 0 ? { kind: 'absent' } : { kind: 'found', values: records.map(joinTxtChunks) }
      } catch (error) {
        const code = (error as { code?: string }).code ?? ''
        if (ABSENT_CODES.has(code)) return { kind: 'absent' }
        return { kind: 'unavailable', reason: code || (error instanceof Error ? error.message : String(error)) }
      }
    },
  }
}

/** What an MX look-up found: the mail hosts, best first, nothing there, or the resolver could not answer. */
export type MxLookup = { kind: 'found'; hosts: string[] } | { kind: 'absent' } | { kind: 'unavailable'; reason: string }

export interface MxResolver {
  resolveMx(domain: string): Promise<MxLookup>
}

/** Resolves MX records through the same configurable server as TXT (DNS_RESOLVER, else the system's). */
export function createMxResolver(server: string | undefined): MxResolver {
  const resolver = new Resolver({ timeout: 2000, tries: 2 })
  if (server) resolver.setServers([server])
  return {
    async resolveMx(domain) {
      try {
        const records = await resolver.resolveMx(domain)
        const hosts = [...records].sort((a, b) => a.priority - b.priority).map((record) => record.exchange.toLowerCase().replace(/\.$/, ''))
        return hosts.length === 0 ? { kind: 'absent' } : { kind: 'found', hosts }
      } catch (error) {
        const code = (error as { code?: string }).code ?? ''
        if (ABSENT_CODES.has(code)) return { kind: 'absent' }
        return { kind: 'unavailable', reason: code || (error instanceof Error ? error.message : String(error)) }
      }
    },
  }
}
