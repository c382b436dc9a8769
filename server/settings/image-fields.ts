import type { ScreenDescriptor } from '#server/screens/descriptor'
import { isRecord } from '#server/screens/apply-overlay'
import type { Env } from '#server/env.server'
import type { Tenant } from '#server/tenancy/tenant'
import { checkImage, storeTenantImage } from '#server/files/tenant-uploads'
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '#server/files/upload-limits'
import type { UploadForm } from '#server/files/read-upload-form'

/** Fields drawn with the image widget: a hidden current value, a file input and a remove box. */
export function imageFieldsOf(descriptor: Pick<ScreenDescriptor, 'schema' | 'uiSchema'>): string[] {
  return Object.keys(descriptor.schema.properties).filter((name) => {
    const ui = descriptor.uiSchema[name]
    return isRecord(ui) && ui['ui:widget'] === 'image'
  })
}

export const uploadInputName = (field: string) => `upload[${field}]`

/** Messages for files that cannot be kept, checked before anything is written. */
export async function imageUploadErrors(fields: readonly string[], upload: UploadForm): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {}
  for (const field of fields) {
    if (upload.oversized.has(uploadInputName(field))) {
      errors[field] = [IMAGE_TOO_LARGE]
      continue
    }
    const file = upload.form.get(uploadInputName(field))
    if (!(file instanceof Blob) || file.size === 0) continue
    const verdict = await checkImage(file)
    if (verdict === 'too-large') errors[field] = [IMAGE_TOO_LARGE]
    if (verdict === 'not-an-image') errors[field] = [NOT_AN_IMAGE]
  }
  return errors
}

/**
 * Stores the new images of a valid submission and gives each field its new address. Fields
 * without a new file keep the posted value (their current address, or '' after Remove).
 */
export async function storeImageUploads(
  env: Pick<Env, 'DATA_DIR'>,
  tenant: Pick<Tenant, 'id'>,
  fields: readonly string[],
  upload: UploadForm,
): Promise<Record<string, string>> {
  const changed: Record<string, string> = {}
  for (const field of fields) {
    const file = upload.form.get(uploadInputName(field))
    if (file instanceof Blob && file.size > 0) {
      const stored = await storeTenantImage(env, tenant, file)
      if (stored.ok) changed[field] = stored.value.url
    }
  }
  return changed
}
