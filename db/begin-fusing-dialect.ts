import { CompiledQuery, PostgresDialect, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely'

/**
 * The statement that sets up a transaction's scope (`withTenant`, `asSystem`): a select of
 * `set_config` calls with every value written in, so that it has no parameters.
 */
export const TRANSACTION_SETTINGS_PREFIX = "select set_config('"

/**
 * Postgres through node-postgres, with a transaction's `begin` sent together with the statement
 * that sets the transaction up, as one simple query, instead of on its own.
 *
 * Why: every unit of work runs in a transaction of its own that first sets its tenant (or the
 * system flag), so `begin` and that statement were two of the three round trips every
 * transaction paid for besides its own statements; a purchase ran 18 transactions and 103
 * statements, 54 of them begin, commit and settings. Each round trip costs the web process
 * ~0.1 to 0.2 ms of CPU (a socket write, a read, parsing), which adds up on pages and posts that
 * run several transactions.
 *
 * Kysely still runs the transaction (its executor refuses statements after the commit), only
 * the `begin` is held back until the first statement: fused when that statement is a settings
 * statement without parameters (a multi-statement string needs the simple protocol, and the
 * settings' result rows are never read), sent on its own first otherwise. A transaction that
 * ran no statement opened nothing, so its commit or rollback sends nothing either.
 */
export class BeginFusingPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new BeginFusingDriver(super.createDriver())
  }
}

class BeginFusingDriver implements Driver {
  readonly #inner: Driver
  readonly #wrapped = new WeakMap<DatabaseConnection, BeginFusingConnection>()

  constructor(inner: Driver) {
    this.#inner = inner
  }

  init(): Promise<void> {
    return this.#inner.init()
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.#inner.acquireConnection()
    let connection = this.#wrapped.get(inner)
    if (!connection) {
      connection = new BeginFusingConnection(inner)
      this.#wrapped.set(inner, connection)
    }
    return connection
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const fusing = asFusing(connection)
    if (settings.isolationLevel || settings.accessMode) return this.#inner.beginTransaction(fusing.inner, settings)
    fusing.holdBegin()
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const fusing = asFusing(connection)
    if (fusing.dropHeldBegin()) return
    return this.#inner.commitTransaction(fusing.inner)
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const fusing = asFusing(connection)
    if (fusing.dropHeldBegin()) return
    return this.#inner.rollbackTransaction(fusing.inner)
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const fusing = asFusing(connection)
    fusing.dropHeldBegin()
    return this.#inner.releaseConnection(fusing.inner)
  }

  destroy(): Promise<void> {
    return this.#inner.destroy()
  }
}

class BeginFusingConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection
  #beginHeld = false

  constructor(inner: DatabaseConnection) {
    this.inner = inner
  }

  holdBegin(): void {
    this.#beginHeld = true
  }

  /** True when a held `begin` was never sent: the transaction opened nothing. */
  dropHeldBegin(): boolean {
    const held = this.#beginHeld
    this.#beginHeld = false
    return held
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#beginHeld) {
      this.#beginHeld = false
      if (compiledQuery.parameters.length === 0 && compiledQuery.sql.startsWith(TRANSACTION_SETTINGS_PREFIX)) {
        return this.inner.executeQuery<R>(CompiledQuery.raw(`begin; ${compiledQuery.sql}`))
      }
      await this.inner.executeQuery(CompiledQuery.raw('begin'))
    }
    return this.inner.executeQuery<R>(compiledQuery)
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.#beginHeld) {
      this.#beginHeld = false
      await this.inner.executeQuery(CompiledQuery.raw('begin'))
    }
    yield* this.inner.streamQuery<R>(compiledQuery, chunkSize)
  }
}

function asFusing(connection: DatabaseConnection): BeginFusingConnection {
  if (!(connection instanceof BeginFusingConnection)) throw new Error('a connection of another driver was handed to the begin-fusing driver')
  return connection
}
