import type { UploadForm } from '../files/read-upload-form'
import type { ScreenDescriptor } from '../screens/descriptor'
import { validateSubmission, type SubmissionResult } from '../screens/validate-submission'
import { imageFieldsOf, imageUploadErrors } from './image-fields'

/**
 * A submission of a screen with image fields: the schema's checks and the uploaded files'
 * checks together, so the user sees every problem at once and nothing is stored until all pass.
 */
export async function validateWithUploads(descriptor: ScreenDescriptor, upload: UploadForm): Promise<SubmissionResult> {
  if (upload.malformed) return { ok: false, values: {}, fieldErrors: {}, formError: descriptor.messages.invalid }
  const submitted = validateSubmission(descriptor, upload.form)
  const fileErrors = await imageUploadErrors(imageFieldsOf(descriptor), upload)
  if (Object.keys(fileErrors).length === 0) return submitted
  const fieldErrors = submitted.ok ? {} : { ...submitted.fieldErrors }
  for (const [field, messages] of Object.entries(fileErrors)) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...messages]
  return { ok: false, values: submitted.values, fieldErrors, formError: descriptor.messages.invalid }
}
