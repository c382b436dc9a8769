// Bundles the server and worker entries (our code only; packages stay in node_modules).
import { build } from 'esbuild'

await build({
  // server.js installs the route-match cache and then imports server-main.js (server/server-entry.ts).
  entryPoints: { server: 'server/server-entry.ts', 'server-main': 'server/main.ts', worker: 'jobs/worker.ts', migrate: 'db/cli/migrate.ts' },
  outdir: 'build',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
  external: ['./index.js', './server-main.js'],
})
