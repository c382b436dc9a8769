// Loaded into the bench server with --require by page-cpu.bench.ts: counts the statements the
// web process sends to Postgres. SIGUSR2 starts counting; the next SIGUSR2 writes the count, by
// statement text, to BENCH_STATEMENT_COUNT_FILE and stops.
const pg = require('pg')
const { writeFileSync } = require('node:fs')

const file = process.env.BENCH_STATEMENT_COUNT_FILE
if (file) {
  const counts = new Map()
  let counting = false
  const query = pg.Client.prototype.query
  pg.Client.prototype.query = function countedQuery(config, values, callback) {
    if (counting) {
      const text = typeof config === 'string' ? config : config && config.text
      const key = String(text).replace(/\s+/g, ' ').slice(0, 120)
      counts.set(key, (counts.get(key) || 0) + 1)
    }
    return query.call(this, config, values, callback)
  }
  process.on('SIGUSR2', () => {
    if (!counting) {
      counts.clear()
      counting = true
      return
    }
    counting = false
    writeFileSync(file, JSON.stringify([...counts].sort((a, b) => b[1] - a[1])))
  })
}
