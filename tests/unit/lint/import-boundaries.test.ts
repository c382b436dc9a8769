import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'

// The repository's own eslint.config.js, run on small snippets placed at made-up paths in each folder.
const root = fileURLToPath(new URL('../../..', import.meta.url))
const eslint = new ESLint({ cwd: root })

/** The rule ids reported for `code` as if it were the file at `filePath`. */
async function rulesReported(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`)
}

const BOUNDARY = 'no-restricted-imports'

describe('import boundaries', () => {
  it.each([
    ['db/example.ts', "import { createPlatform } from '#server/platform'\nexport { createPlatform }\n"],
    ['db/example.ts', "import type { Route } from '#app/root'\nexport type { Route }\n"],
    ['db/example.ts', "import { sendEmailJob } from '#jobs/send-email'\nexport { sendEmailJob }\n"],
    ['migrations/example.ts', "import type { Database } from '#db/types'\nexport type { Database }\n"],
    ['server/example.ts', "import { Shell } from '#app/components/shell'\nexport { Shell }\n"],
    ['server/example.ts', "import { useLoaderData } from '@remix-run/react'\nexport { useLoaderData }\n"],
    ['server/example.ts', "import { useState } from 'react'\nexport { useState }\n"],
    ['server/example.ts', "import { handle } from '#jobs/send-email.handler'\nexport { handle }\n"],
    ['server/example.ts', "import { BullJobQueue } from '#jobs/runtime/bullmq-queue'\nexport { BullJobQueue }\n"],
    ['jobs/example.ts', "import { Shell } from '#app/components/shell'\nexport { Shell }\n"],
    ['app/example.tsx', "import { sendEmailJob } from '#jobs/send-email'\nexport { sendEmailJob }\n"],
    ['app/example.tsx', "import type { Database } from '#db/types'\nexport type { Database }\n"],
    ['app/routes/example.tsx', "import { thing } from '../components/thing'\nexport { thing }\n"],
    ['server/auth/example.ts', "export { thing } from '../platform'\n"],
    ['tests/unit/example.test.ts', "import { world } from '../support/world'\nexport { world }\n"],
  ])('%s may not say %j', async (filePath, code) => {
    expect(await rulesReported(filePath, code)).toEqual([BOUNDARY])
  })

  it('reports a dynamic import that climbs with ../', async () => {
    expect(await rulesReported('server/example.ts', "export const load = () => import('../platform')\n")).toEqual(['no-restricted-syntax'])
  })

  it.each([
    ['db/example.ts', "import { sql } from 'kysely'\nimport type { Database } from '#db/types'\nexport { sql }\nexport type { Database }\n"],
    ['db/cli/example.ts', "import { loadEnv } from '#server/env.server'\nexport { loadEnv }\n"],
    ['migrations/example.ts', "import * as core from './2026-11-22T05-30-00_core'\nexport { core }\n"],
    ['server/example.ts', "import { sendEmailJob } from '#jobs/send-email'\nimport type { Platform } from '#server/platform'\nexport { sendEmailJob }\nexport type { Platform }\n"],
    ['server/boot/example.ts', "import { BullJobQueue } from '#jobs/runtime/bullmq-queue'\nexport { BullJobQueue }\n"],
    ['jobs/example.ts', "import type { Platform } from '#server/platform'\nimport { sendEmailJob } from './send-email'\nexport { sendEmailJob }\nexport type { Platform }\n"],
    ['app/example.tsx', "import { requireUser } from '#server/auth/require-user'\nexport { requireUser }\n"],
    ['tests/unit/example.test.ts', "import { createPlatform } from '#server/platform'\nimport { route } from '#app/root'\nexport { createPlatform, route }\n"],
  ])('%s may say %j', async (filePath, code) => {
    expect(await rulesReported(filePath, code)).toEqual([])
  })
})
