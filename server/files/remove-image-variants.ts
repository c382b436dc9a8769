// Apart from image-variants.ts, which loads sharp: deleting files needs no image library, and
// the code that deletes contacts is reached from routes the browser build also parses.
import type { Env } from '#server/env.server'
import type { Tenant } from '#server/tenancy/tenant'
import { imageVariantUrl } from './image-variant-names'
import { removeTenantUpload } from './tenant-uploads'

/** Deletes every variant of a stored image (one that is already gone is no error). */
export async function removeImageVariants(env: Pick<Env, 'DATA_DIR'>, tenant: Pick<Tenant, 'id'>, key: string | null, variants: readonly string[]): Promise<void> {
  for (const name of variants) {
    const url = imageVariantUrl(key, name)
    if (url) await removeTenantUpload(env, tenant, url)
  }
}
