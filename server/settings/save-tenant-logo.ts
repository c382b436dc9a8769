import type { Platform } from '#server/platform'
import type { UploadForm } from '#server/files/read-upload-form'
import type { Tenant } from '#server/tenancy/tenant'
import { imageUploadErrors, storeImageUploads, uploadInputName } from './image-fields'
import { forgetReplacedImages, forgetUnsavedUploads } from './replaced-images'
import { refused, saved, type SaveOutcome } from './screen-form'
import { updateTenant } from './update-tenant'

export const LOGO_SAVED = 'Successfully updated logo.'
export const CHOOSE_AN_IMAGE = 'Choose an image to upload.'

/** The logo upload of Account Settings: checked by its bytes, stored, then the logo setting points at it. */
export async function saveTenantLogo(platform: Pick<Platform, 'database' | 'env' | 'tenants' | 'caches'>, tenant: Tenant, upload: UploadForm): Promise<SaveOutcome> {
  const intent = 'logo'
  const errors = await imageUploadErrors(['logo'], upload)
  const file = upload.form.get(uploadInputName('logo'))
  if (!errors.logo && !(file instanceof Blob && file.size > 0)) errors.logo = [CHOOSE_AN_IMAGE]
  if (errors.logo) return refused({ intent, formError: errors.logo[0], fieldErrors: errors, values: {} })
  const stored = await storeImageUploads(platform.env, tenant, ['logo'], upload)
  if (stored.logo === undefined) return refused({ intent, formError: CHOOSE_AN_IMAGE, fieldErrors: { logo: [CHOOSE_AN_IMAGE] }, values: {} })
  const written = await updateTenant(platform, tenant, { settings: { logo: stored.logo } })
  if (!written.ok) await forgetUnsavedUploads(platform.env, tenant, stored)
  if (!written.ok) return refused({ intent, formError: written.message, fieldErrors: { logo: [written.message] }, values: {} })
  await forgetReplacedImages(platform.env, tenant, { logo: stored.logo })
  return saved(LOGO_SAVED)
}
