import { defineConfig } from 'vitest/config'
import { aliases } from './vitest.shared'

/**
 * Browser tests against the built server (build/server.js), each file starting its own server
 * and database. The machine has 2 cores: at most 2 files at once, one server and one browser
 * each.
 */
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    globals: true,
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 2,
    // A worker keeps the modules it loaded for its next file: each file starts its own server
    // and browser, and holds its state in its own module, so loading the support code and its
    // server imports once per worker, not once per file, is only time saved (docs/decisions/150).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    teardownTimeout: 30_000,
    // A state the page reaches after React re-renders is polled for, long enough for a busy machine.
    expect: { poll: { timeout: 15_000 } },
    setupFiles: ['tests/setup/env.ts'],
    // Each file's database is a copy of one migrated (and, for servers, seeded) template per run.
    globalSetup: ['tests/setup/database-templates.ts'],
  },
})
