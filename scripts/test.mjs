// The whole test suite, as `npm test` runs it: the linter alongside the unit and integration
// tests (which leave a core partly idle while they wait on Postgres and Redis), then the browser
// tests against a fresh build. The linter's report is printed after the tests' own, whole.
import { spawn } from 'node:child_process'

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

function run(script, { quiet = false } = {}) {
  return new Promise((done) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    let output = ''
    child.stdout?.on('data', (chunk) => (output += chunk))
    child.stderr?.on('data', (chunk) => (output += chunk))
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output }))
  })
}

const [lint, unit] = await Promise.all([run('lint', { quiet: true }), run('test:unit')])
process.stdout.write(`\n> npm run lint: ${lint.code === 0 ? 'no problems' : `exited with ${lint.code}`}\n${lint.output}`)
if (lint.code !== 0 || unit.code !== 0) process.exit(lint.code || unit.code)
const e2e = await run('test:e2e')
process.exit(e2e.code)
