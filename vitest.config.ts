import { defineConfig } from 'vitest/config'
import { aliases } from './vitest.shared'

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    globals: true,
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['tests/setup/env.ts'],
  },
})
