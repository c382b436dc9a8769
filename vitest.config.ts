import { configDefaults, defineConfig } from 'vitest/config'
import { FILES_WITH_MODULE_MOCKS } from './tests/support/files-with-module-mocks'
import { aliases } from './vitest.shared'

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    globals: true,
    environment: 'node',
    // Vitest's default on 2 cores is one worker; integration files mostly wait on Postgres and
    // Redis, so two at once halve the run (each file has its own database and Redis prefix).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['tests/setup/env.ts'],
    // Each file's database is a copy of one migrated (and, for servers, seeded) template per run.
    globalSetup: ['tests/setup/database-templates.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared modules',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...FILES_WITH_MODULE_MOCKS],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own modules', include: FILES_WITH_MODULE_MOCKS } },
    ],
  },
})
