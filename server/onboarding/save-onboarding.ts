import { err, ok, type WordedResult } from '#server/errors/result'
import type { UploadForm } from '#server/files/read-upload-form'
import type { Platform } from '#server/platform'
import { imageUploadErrors, storeImageUploads } from '#server/settings/image-fields'
import { forgetReplacedImages, forgetUnsavedUploads } from '#server/settings/replaced-images'
import { updateTenant } from '#server/settings/update-tenant'
import type { Tenant } from '#server/tenancy/tenant'
import { LAST_STEP, ONBOARDING_MESSAGES, readBusinessInformation, readBusinessProfile, readProducts, type StepErrors } from './onboarding-steps'

export type OnboardingPlatform = Pick<Platform, 'database' | 'env' | 'tenants' | 'caches'>

/** What a refused step shows again: the alert, each field's message and the values as typed. */
export interface StepRefusal {
  step: number
  fieldErrors: StepErrors
  values: Record<string, string>
}

/** Where the wizard goes after a saved step: the next step, or the dashboard after the last. */
export type StepSaved = { kind: 'next'; step: number } | { kind: 'done' }

const typedValues = (form: FormData): Record<string, string> =>
  Object.fromEntries([...form.entries()].flatMap(([name, value]) => (typeof value === 'string' && name !== 'intent' ? [[name, value.slice(0, 2000)]] : [])))

/**
 * Saves one step of the wizard ("each Next saves the step to the backend, then advances"):
 * its answers and the step to show next go into the tenant's settings together. The last step
 * sets the products as module flags and marks the tenant as no longer new, which ends the
 * wizard for every staff member. A refused step writes nothing.
 */
export async function saveOnboardingStep(platform: OnboardingPlatform, tenant: Tenant, step: number, upload: UploadForm): Promise<WordedResult<StepSaved, 'invalid_input', StepRefusal>> {
  const form = upload.form
  const refuse = (message: string, fieldErrors: StepErrors) => err('invalid_input', message, { step, fieldErrors, values: typedValues(form) })
  const advance = Math.max(tenant.settings.onBoardingStep, Math.min(step + 1, LAST_STEP))

  if (step === 0) {
    const profile = readBusinessProfile(form)
    if (!profile.ok) return refuse(profile.message, profile.details.fieldErrors)
    const written = await updateTenant(platform, tenant, { settings: { ...profile.value, onBoardingStep: advance } })
    if (!written.ok) return refuse(written.message, {})
    return ok({ kind: 'next', step: 1 })
  }

  if (step === 1) {
    const information = readBusinessInformation(form)
    const logoErrors = await imageUploadErrors(['logo'], upload)
    if (!information.ok) return refuse(information.message, { ...information.details.fieldErrors, ...logoErrors })
    if (logoErrors.logo) return refuse(logoErrors.logo[0] ?? ONBOARDING_MESSAGES.missingFields, logoErrors)
    const stored = await storeImageUploads(platform.env, tenant, ['logo'], upload)
    const written = await updateTenant(platform, tenant, { name: information.value.name, settings: { ...information.value.settings, ...stored, onBoardingStep: advance } })
    if (!written.ok) {
      await forgetUnsavedUploads(platform.env, tenant, stored)
      return refuse(written.message, {})
    }
    if (stored.logo) await forgetReplacedImages(platform.env, tenant, stored)
    return ok({ kind: 'next', step: 2 })
  }

  const written = await updateTenant(platform, tenant, { settings: { ...readProducts(form), isNewTenant: false, onBoardingStep: LAST_STEP } })
  if (!written.ok) return refuse(written.message, {})
  return ok({ kind: 'done' })
}
