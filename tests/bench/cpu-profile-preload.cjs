// Loaded into the bench server with --require when BENCH_SERVER_CPU_PROFILE_DIR is set (Node 20
// refuses --cpu-prof in NODE_OPTIONS): profiles the whole process and writes a .cpuprofile,
// for Chrome DevTools, when it exits.
const { Session } = require('node:inspector')
const { writeFileSync } = require('node:fs')
const { join } = require('node:path')

const dir = process.env.BENCH_SERVER_CPU_PROFILE_DIR
if (dir) {
  const session = new Session()
  session.connect()
  session.post('Profiler.enable')
  session.post('Profiler.start')
  let written = false
  const write = () => {
    if (written) return
    written = true
    // An in-thread session answers synchronously, so this runs before the process ends.
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile))
    })
  }
  process.on('exit', write)
  process.prependListener('SIGTERM', write)
}
