import { AsyncLocalStorage } from 'node:async_hooks'
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely'

/**
 * Which tables a unit of work (a request, a job) wrote, as Kysely built the statements. The
 * cache layer compares this with the invalidations the unit declared (server/cache/write-audit.ts):
 * a write to a table that a cached page is built from, without its cache tag declared, is a
 * stale page waiting to happen. Raw `sql` statements are not seen; code that writes with them
 * declares its tags all the same.
 */
// One scope per process, however many copies of this module are loaded: the express server and
// the Remix build are bundled apart, and a write made in one (the session slide, in the build)
// must be seen, or left out, by the record the other keeps.
const SCOPE = Symbol.for('studio.writeTrackingScope')
const holder = globalThis as typeof globalThis & { [SCOPE]?: AsyncLocalStorage<Set<string>> }
const scope = (holder[SCOPE] ??= new AsyncLocalStorage<Set<string>>())

/** Runs `fn` and returns what it returned with the tables it wrote. */
export async function trackWrites<T>(fn: () => Promise<T>): Promise<{ result: T; tables: Set<string> }> {
  const tables = new Set<string>()
  const result = await scope.run(tables, fn)
  return { result, tables }
}

/**
 * Runs `fn` with its writes left out of the unit of work's record: for the one write that
 * changes nothing a cache keeps (its caller says why). Async work started inside stays outside.
 */
export function withoutWriteTracking<T>(fn: () => Promise<T>): Promise<T> {
  return scope.exit(fn)
}

/** The tables written so far in the current unit of work, or null outside one. */
export function tablesWrittenSoFar(): ReadonlySet<string> | null {
  return scope.getStore() ?? null
}

/** Notes the table of every insert, update and delete (also inside `with` and `merge`). */
export class WriteTrackingPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tables = scope.getStore()
    if (tables) for (const table of writtenTables(args.node)) tables.add(table)
    return args.node
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result)
  }
}

function writtenTables(node: OperationNode): string[] {
  switch (node.kind) {
    case 'InsertQueryNode':
      return tableName((node as unknown as { into?: OperationNode }).into)
    case 'UpdateQueryNode':
      return tableName((node as unknown as { table?: OperationNode }).table)
    case 'DeleteQueryNode': {
      const from = (node as unknown as { from?: { froms?: OperationNode[] } }).from
      return (from?.froms ?? []).flatMap(tableName)
    }
    case 'MergeQueryNode':
      return tableName((node as unknown as { into?: OperationNode }).into)
    default:
      return []
  }
}

/** The plain name of a table node (`schema.table` and aliases reduced to the table). */
function tableName(node: OperationNode | undefined): string[] {
  if (!node) return []
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node)
  if (node.kind !== 'TableNode') return []
  const table = (node as unknown as { table: { identifier?: { name?: string } } }).table
  const name = table.identifier?.name
  return name ? [name] : []
}
