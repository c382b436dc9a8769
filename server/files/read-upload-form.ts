import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import { MAX_IMAGE_BYTES, MAX_TEXT_PART_BYTES } from './upload-limits'

export interface UploadForm {
  form: FormData
  /** Names of file inputs whose file was larger than the limit (their bytes were not kept). */
  oversized: Set<string>
  /** The body was not a readable form at all. */
  malformed: boolean
}

/**
 * Reads a posted form that may carry files, keeping every text field and every file up to the
 * image limit in memory. An oversized file is counted and dropped rather than failing the
 * whole request, so the form can be shown again with the user's other values and a message.
 * Plain (urlencoded) posts are read too.
 */
export async function readUploadForm(request: Request, options: { maxFileBytes?: number } = {}): Promise<UploadForm> {
  const maxFileBytes = options.maxFileBytes ?? MAX_IMAGE_BYTES
  const oversized = new Set<string>()
  const contentType = request.headers.get('content-type') ?? ''
  try {
    if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
      return { form: await request.formData(), oversized, malformed: false }
    }
    const handler: UploadHandler = async ({ name, filename, contentType: partType, data }) => {
      const isFile = filename !== undefined
      const limit = isFile ? maxFileBytes : MAX_TEXT_PART_BYTES
      const chunks: Uint8Array[] = []
      let size = 0
      let tooLarge = false
      // Keep reading after the limit so the parser can reach the next part.
      for await (const chunk of data) {
        size += chunk.byteLength
        if (size > limit) tooLarge = true
        else chunks.push(chunk)
      }
      if (isFile) {
        if (tooLarge) {
          oversized.add(name)
          return undefined
        }
        if (size === 0) return undefined
        return new File([Buffer.concat(chunks)], filename || 'upload', { type: partType })
      }
      return Buffer.concat(chunks).toString('utf8')
    }
    return { form: await unstable_parseMultipartFormData(request, handler), oversized, malformed: false }
  } catch {
    return { form: new FormData(), oversized, malformed: true }
  }
}
