import type { Env } from '#server/env.server'
import { removeTenantUpload } from '#server/files/tenant-uploads'
import type { Tenant } from '#server/tenancy/tenant'
import type { TenantSettings } from '#server/tenancy/tenant-settings'

/** Every setting that may point at one of the tenant's uploaded images. */
const IMAGE_SETTINGS = ['logo', 'favIcon', 'appWelcomeImage1', 'appWelcomeImage2', 'appWelcomeImage3'] as const satisfies ReadonlyArray<keyof TenantSettings>

/**
 * Deletes uploads that a save replaced, unless another image setting still points at them.
 * `tenant` is the tenant as it was before the save.
 */
export async function forgetReplacedImages(
  env: Pick<Env, 'DATA_DIR'>,
  tenant: Pick<Tenant, 'id' | 'settings'>,
  changed: Partial<Record<(typeof IMAGE_SETTINGS)[number], string>>,
): Promise<void> {
  const after: Record<string, string> = {}
  for (const name of IMAGE_SETTINGS) after[name] = changed[name] ?? tenant.settings[name]
  const stillUsed = new Set(Object.values(after))
  for (const name of Object.keys(changed) as Array<(typeof IMAGE_SETTINGS)[number]>) {
    const before = tenant.settings[name]
    if (before && before !== changed[name] && !stillUsed.has(before)) await removeTenantUpload(env, tenant, before)
  }
}

/**
 * Deletes the uploads a refused save had already stored: nothing points at them, and a
 * refused form must leave the tenant's files as they were.
 */
export async function forgetUnsavedUploads(
  env: Pick<Env, 'DATA_DIR'>,
  tenant: Pick<Tenant, 'id' | 'settings'>,
  stored: Partial<Record<string, string>>,
): Promise<void> {
  const inUse = new Set<string>(IMAGE_SETTINGS.map((name) => tenant.settings[name]))
  for (const url of Object.values(stored)) if (url && !inUse.has(url)) await removeTenantUpload(env, tenant, url)
}
