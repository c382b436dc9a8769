import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Env } from '#server/env.server'
import { err, ok, type Result } from '#server/errors/result'
import type { Tenant } from '#server/tenancy/tenant'
import { IMAGE_KINDS, sniffImage, type ImageKind } from './sniff-image'
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from './upload-limits'

/** Names we hand out: random, so they never collide and never need cache busting. */
const uploadName = /^([A-Za-z0-9_-]{16,64})\.(png|jpg|gif|webp|mp4|webm)$/

/**
 * Videos of the media gallery (server/media), kept as they were sent once their bytes showed an
 * MP4 or WebM: served with their own type, like the images above.
 */
export const VIDEO_KINDS = {
  mp4: { extension: 'mp4', contentType: 'video/mp4' },
  webm: { extension: 'webm', contentType: 'video/webm' },
} as const
export type VideoKind = (typeof VIDEO_KINDS)[keyof typeof VIDEO_KINDS]
const UPLOAD_KINDS: Readonly<Record<string, ImageKind | VideoKind>> = { ...IMAGE_KINDS, ...VIDEO_KINDS }

function tenantDirectory(env: Pick<Env, 'DATA_DIR'>, tenant: Pick<Tenant, 'id'>): string {
  return join(env.DATA_DIR, 'uploads', tenant.id)
}

/** The address the image is served at, or why it was not kept. */
export type StoredImage = Result<{ url: string }, 'payload_too_large' | 'unsupported_media_type'>

/**
 * Keeps an uploaded image under DATA_DIR/uploads/<tenant id>/ with a random name and returns
 * the address it is served at on the tenant's own host. The kind is read from the bytes.
 */
export async function storeTenantImage(env: Pick<Env, 'DATA_DIR'>, tenant: Pick<Tenant, 'id'>, file: Blob): Promise<StoredImage> {
  if (file.size > MAX_IMAGE_BYTES) return err('payload_too_large', IMAGE_TOO_LARGE)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = sniffImage(bytes)
  if (!kind) return err('unsupported_media_type', NOT_AN_IMAGE)
  const name = `${randomBytes(18).toString('base64url')}.${kind.extension}`
  return ok({ url: await writeTenantUpload(env, tenant, name, bytes) })
}

/**
 * Writes one upload of the tenant under a name the caller made (random, of the served form)
 * and returns its address. Written beside and renamed over, so no one is served half a file.
 */
export async function writeTenantUpload(env: Pick<Env, 'DATA_DIR'>, tenant: Pick<Tenant, 'id'>, name: string, bytes: Uint8Array): Promise<string> {
  if (!uploadName.test(name)) throw new Error(`not an upload name: ${name}`)
  const directory = tenantDirectory(env, tenant)
  await mkdir(directory, { recursive: true })
  const temporary = join(directory, `.${name}.part`)
  await writeFile(temporary, bytes)
  await rename(temporary, join(directory, name))
  return `/uploads/${name}`
}

/** Checks an image without storing it (to refuse a form before anything is written). */
export async function checkImage(file: Blob): Promise<'ok' | 'too-large' | 'not-an-image'> {
  if (file.size > MAX_IMAGE_BYTES) return 'too-large'
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
  return sniffImage(head) ? 'ok' : 'not-an-image'
}

export interface OpenedUpload {
  kind: ImageKind | VideoKind
  size: number
  /** The whole file, or the bytes from `start` to `end` inclusive (a video player's range request). */
  stream: (range?: { start: number; end: number }) => NodeJS.ReadableStream
}

/** One of this tenant's uploads by name; null for a bad name or another tenant's file. */
export async function openTenantUpload(env: Pick<Env, 'DATA_DIR'>, tenant: Pick<Tenant, 'id'>, name: string): Promise<OpenedUpload | null> {
  const match = uploadName.exec(name)
  if (!match) return null
  const path = join(tenantDirectory(env, tenant), name)
  try {
    const info = await stat(path)
    if (!info.isFile()) return null
    const kind = UPLOAD_KINDS[match[2] ?? '']
    if (!kind) return null
    return { kind, size: info.size, stream: (range) => createReadStream(path, range) }
  } catch {
    return null
  }
}

/** Removes an upload that a setting no longer points at; anything else is left alone. */
export async function removeTenantUpload(env: Pick<Env, 'DATA_DIR'>, tenant: Pick<Tenant, 'id'>, url: string): Promise<void> {
  const name = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : ''
  if (!uploadName.test(name)) return
  await unlink(join(tenantDirectory(env, tenant), name)).catch(() => undefined)
}
