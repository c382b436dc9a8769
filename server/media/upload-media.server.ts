// `.server`: the routes that import this module are also built for the browser, which must be
// given an empty module in its place (Remix does that for `.server` imports), never sharp.
import { randomBytes } from 'node:crypto'
import { withTenant } from '#db/tenant-scope'
import type { Env } from '#server/env.server'
import { err, ok, type WordedResult } from '#server/errors/result'
import { removeImageVariants, storeImageVariants } from '#server/files/image-variants'
import type { UploadForm } from '#server/files/read-upload-form'
import { removeTenantUpload, writeTenantUpload } from '#server/files/tenant-uploads'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { MAX_FILES_PER_POST, MAX_MEDIA_BYTES, MEDIA_INPUT, MEDIA_MESSAGES, refusedMessage, uploadedMessage } from './media-rules'
import { videoFileName } from './media-variants'
import { renderResponsiveImage, type RenderedMediaImage } from './responsive-image'
import { sniffMedia } from './sniff-media'

export interface MediaUploadChange {
  platform: Pick<Platform, 'database' | 'caches'>
  env: Pick<Env, 'DATA_DIR'>
  tenant: Pick<Tenant, 'id'>
  upload: UploadForm
}

/** One refused file and why, by the name it was sent with. */
export interface FileRefusal {
  fileName: string
  message: string
}

export type MediaUploadRefusal = 'invalid_input' | 'payload_too_large' | 'unsupported_media_type'

export type MediaUploadOutcome = WordedResult<{ guids: string[]; message: string }, MediaUploadRefusal, { refusals: FileRefusal[] }>

type PreparedFile =
  | { kind: 'image'; name: string; contentType: string; byteSize: number; image: RenderedMediaImage }
  | { kind: 'video'; name: string; contentType: string; byteSize: number; bytes: Uint8Array }

type StoredFile = PreparedFile & { key: string }

/**
 * Adds the posted images and videos to the studio's gallery, all or none. Every file is checked
 * first, by its bytes and never its name or the browser's type: at most 10 MB; an image (PNG,
 * JPEG, GIF, WebP) that decodes and is turned into WebP variants; or an MP4 or WebM video, kept
 * as sent. One refused file refuses the post, each refusal named, and nothing is written. Then
 * the files are stored and the rows added in one transaction; a failed insert removes the files.
 */
export async function uploadMedia(change: MediaUploadChange): Promise<MediaUploadOutcome> {
  const { upload } = change
  if (upload.malformed) return err('invalid_input', MEDIA_MESSAGES.unreadable, { refusals: [] })
  const files = upload.form.getAll(MEDIA_INPUT).filter((value): value is File => value instanceof Blob && value.size > 0)
  // The reader dropped the file's bytes without its name (read-upload-form.ts).
  if (upload.oversized.has(MEDIA_INPUT)) return err('payload_too_large', files.length === 0 ? MEDIA_MESSAGES.tooLarge : MEDIA_MESSAGES.oneTooLarge, { refusals: [] })
  if (files.length === 0) return err('invalid_input', MEDIA_MESSAGES.chooseFiles, { refusals: [] })
  if (files.length > MAX_FILES_PER_POST) return err('invalid_input', MEDIA_MESSAGES.tooMany, { refusals: [] })

  const prepared: PreparedFile[] = []
  const refusals: FileRefusal[] = []
  let firstRefusal: MediaUploadRefusal | null = null
  // One at a time: each image is decoded whole, and several at once would multiply the memory.
  for (const file of files) {
    const checked = await prepareFile(file)
    if (checked.ok) prepared.push(checked.value)
    else {
      refusals.push({ fileName: fileNameOf(file), message: checked.message })
      firstRefusal ??= checked.error
    }
  }
  if (firstRefusal) return err(firstRefusal, files.length === 1 ? refusals[0]?.message ?? MEDIA_MESSAGES.notMedia : refusedMessage(refusals.length, files.length), { refusals })

  const stored: StoredFile[] = []
  try {
    for (const file of prepared) stored.push(await storeFile(change, file))
    const guids = await insertItems(change, stored, new Date())
    return ok({ guids, message: uploadedMessage(guids.length) })
  } catch (error) {
    for (const file of stored) await removeStoredFile(change, file)
    throw error
  } finally {
    // The public gallery lists these items.
    change.platform.caches.changed(change.tenant.id, ['media'])
  }
}

async function prepareFile(file: File): Promise<WordedResult<PreparedFile, MediaUploadRefusal>> {
  if (file.size > MAX_MEDIA_BYTES) return err('payload_too_large', MEDIA_MESSAGES.tooLarge)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = sniffMedia(bytes)
  if (!kind) return err('unsupported_media_type', MEDIA_MESSAGES.notMedia)
  const name = fileNameOf(file)
  if (kind.kind === 'video') return ok({ kind: 'video', name, contentType: kind.type.contentType, byteSize: bytes.byteLength, bytes })
  const image = await renderResponsiveImage(bytes)
  if (!image.ok) return image
  return ok({ kind: 'image', name, contentType: kind.type.contentType, byteSize: bytes.byteLength, image: image.value })
}

/** The name staff gave the file, for their own list: printable characters, at most 255. */
function fileNameOf(file: File): string {
  return (file.name ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255)
}

async function storeFile(change: MediaUploadChange, file: PreparedFile): Promise<StoredFile> {
  if (file.kind === 'image') {
    const rendered = Object.fromEntries(file.image.variants.map((variant) => [variant.name, variant.bytes]))
    const { key } = await storeImageVariants(change.env, change.tenant, rendered)
    return { ...file, key }
  }
  const key = randomBytes(18).toString('base64url')
  const name = videoFileName(key, file.contentType)
  if (!name) throw new Error(`no stored name for a ${file.contentType} video`)
  await writeTenantUpload(change.env, change.tenant, name, file.bytes)
  return { ...file, key }
}

async function removeStoredFile(change: MediaUploadChange, file: StoredFile): Promise<void> {
  if (file.kind === 'image') {
    await removeImageVariants(
      change.env,
      change.tenant,
      file.key,
      file.image.variants.map((variant) => variant.name),
    )
    return
  }
  const name = videoFileName(file.key, file.contentType)
  if (name) await removeTenantUpload(change.env, change.tenant, `/uploads/${name}`)
}

/**
 * The rows of one post. The gallery lists newest first; a millisecond apart, so the files of one
 * post keep the order they were chosen in, the last one first, as one upload each would.
 */
async function insertItems(change: MediaUploadChange, files: readonly StoredFile[], now: Date): Promise<string[]> {
  return withTenant(change.platform.database, change.tenant.id, async (trx) => {
    const rows = await trx
      .insertInto('media_items')
      .values(
        files.map((file, index) => {
          const at = new Date(now.getTime() + index)
          return {
            tenant_id: change.tenant.id,
            kind: file.kind,
            file_key: file.key,
            content_type: file.contentType,
            variants: JSON.stringify(file.kind === 'image' ? file.image.variants.map(({ name, width, height }) => ({ name, width, height })) : []),
            byte_size: file.byteSize,
            width: file.kind === 'image' ? file.image.width : null,
            height: file.kind === 'image' ? file.image.height : null,
            original_name: file.name,
            created_at: at,
            updated_at: at,
          }
        }),
      )
      .returning(['guid', 'created_at'])
      .execute()
    return rows.sort((a, b) => b.created_at.getTime() - a.created_at.getTime()).map((row) => row.guid)
  })
}
