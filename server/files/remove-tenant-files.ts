import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Env } from '#server/env.server'

const tenantPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Where a tenant keeps files: private ones (file-store.ts) and public uploads (tenant-uploads.ts). */
const TENANT_FOLDERS = ['files', 'uploads'] as const

/** Deletes everything a tenant kept on disk; only for a tenant on its way out for good. */
export async function removeTenantFiles(env: Pick<Env, 'DATA_DIR'>, tenantId: string): Promise<void> {
  // A uuid only: the id becomes a path, and nothing else may be removed by mistake.
  if (!tenantPattern.test(tenantId)) throw new Error('removing files needs a tenant uuid')
  const id = tenantId.toLowerCase()
  await Promise.all(TENANT_FOLDERS.map((folder) => rm(join(env.DATA_DIR, folder, id), { recursive: true, force: true })))
}
