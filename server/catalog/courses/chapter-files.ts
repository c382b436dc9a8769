import { randomBytes } from 'node:crypto'
import { fileStoreFor, type FileStore } from '#server/files/file-store'
import type { Env } from '#server/env.server'
import { safeFileName } from './chapter-input'

type FilePlatform = { env: Pick<Env, 'DATA_DIR'>; files?: FileStore }

/** A stored chapter file: where it is kept (private: served only through the course file route). */
export interface StoredChapterFile {
  key: string
  name: string
  bytes: number
}

/** Keeps a chapter's file in the tenant's private file store under a random key. */
export async function storeChapterFile(platform: FilePlatform, tenantId: string, file: File): Promise<StoredChapterFile> {
  const key = `course-files/${randomBytes(18).toString('hex')}`
  const bytes = new Uint8Array(await file.arrayBuffer())
  await fileStoreFor(platform).put(tenantId, key, bytes)
  return { key, name: safeFileName(file.name), bytes: bytes.byteLength }
}

export async function readChapterFile(platform: FilePlatform, tenantId: string, key: string): Promise<Buffer | null> {
  return fileStoreFor(platform).get(tenantId, key)
}

/** Drops files no chapter points at any more; a missing file is not an error. */
export async function removeChapterFiles(platform: FilePlatform, tenantId: string, keys: ReadonlyArray<string | null>): Promise<void> {
  const store = fileStoreFor(platform)
  await Promise.all(keys.filter((key): key is string => Boolean(key)).map((key) => store.delete(tenantId, key).catch(() => undefined)))
}
