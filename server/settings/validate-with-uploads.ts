import type { UploadForm } from '#server/files/read-upload-form'
import type { ScreenDescriptor } from '#server/screens/descriptor'
import { validateScreenPost } from '#server/screens/screen-post'
import { postedValues, refusedSubmission, type SubmissionResult } from '#server/screens/validate-submission'
import { imageFieldsOf, imageUploadErrors } from './image-fields'

/**
 * A submission of a screen with image fields: the schema's checks and the uploaded files'
 * checks together, so the user sees every problem at once and nothing is stored until all pass.
 */
export async function validateWithUploads(descriptor: ScreenDescriptor, upload: UploadForm, intent: string): Promise<SubmissionResult> {
  if (upload.malformed) return refusedSubmission(descriptor, {}, {})
  const submitted = validateScreenPost(descriptor, upload.form, intent)
  const fileErrors = await imageUploadErrors(imageFieldsOf(descriptor), upload)
  if (Object.keys(fileErrors).length === 0) return submitted
  const fieldErrors = submitted.ok ? {} : { ...submitted.details.fieldErrors }
  for (const [field, messages] of Object.entries(fileErrors)) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...messages]
  return refusedSubmission(descriptor, postedValues(submitted), fieldErrors)
}
