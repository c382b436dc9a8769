// Builds when build/ is missing or older than any source file, so `npm start` on a fresh clone works.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const sourceDirs = ['app', 'server', 'db', 'migrations', 'jobs', 'screens', 'public']
const sourceFiles = ['remix.config.js', 'postcss.config.js', 'package.json', 'scripts/build-server.mjs']
const outputs = ['build/index.js', 'build/server.js', 'build/server-main.js', 'build/worker.js', 'build/migrate.js']

function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  if (path === join('public', 'build')) return 0
  // A folder's own time moves when a file in it is added, renamed or deleted: a renamed route
  // keeps its file's old time, and only its folder says the build is stale.
  let latest = stat.mtimeMs
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)))
  return latest
}

export function needsBuild() {
  if (outputs.some((file) => !existsSync(file))) return true
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs))
  const changedAt = Math.max(...sourceDirs.map(newest), ...sourceFiles.map(newest))
  return changedAt > builtAt
}

export function ensureBuild() {
  if (!needsBuild()) return
  console.log('Building the app (first start or changed sources)...')
  // Always a production build: a caller's NODE_ENV (vitest sets 'test') would otherwise give a
  // development bundle that fails under `npm start`.
  const env = { ...process.env, NODE_ENV: 'production' }
  const result = spawnSync(process.execPath, ['node_modules/@remix-run/dev/dist/cli.js', 'build'], { stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
  const server = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit', env })
  if (server.status !== 0) process.exit(server.status ?? 1)
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild()
