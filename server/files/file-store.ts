import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Env } from '#server/env.server'

/**
 * Private files of a tenant (generated PDFs, exports), by key, never served as they are:
 * a route decides who may have one and streams it. Unlike public uploads (tenant-uploads.ts),
 * keys are chosen by the caller, so a job can find the file it wrote after a retry.
 */
export interface FileStore {
  /** Writes the whole file or nothing: a reader never sees half a file under `key`. */
  put(tenantId: string, key: string, bytes: Uint8Array): Promise<void>
  get(tenantId: string, key: string): Promise<Buffer | null>
  exists(tenantId: string, key: string): Promise<boolean>
  delete(tenantId: string, key: string): Promise<void>
}

const keyPattern = /^[a-z0-9][a-z0-9_-]{0,63}(\/[a-z0-9][a-z0-9_.-]{0,127})*$/i
const tenantPattern = /^[0-9a-f-]{36}$/i

/** Keys are folder-like ('form-submissions/<id>.pdf'); no '..', no absolute paths. */
export function isFileKey(key: string): boolean {
  return keyPattern.test(key) && !key.split('/').some((part) => part === '..' || part === '.') && key.length <= 400
}

/** Files on local disk under DATA_DIR/files/<tenant id>/<key>. */
export function localFileStore(env: Pick<Env, 'DATA_DIR'>): FileStore {
  const pathOf = (tenantId: string, key: string): string => {
    if (!tenantPattern.test(tenantId)) throw new Error('file store needs a tenant uuid')
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`)
    return join(env.DATA_DIR, 'files', tenantId.toLowerCase(), key)
  }
  return {
    async put(tenantId, key, bytes) {
      const path = pathOf(tenantId, key)
      await mkdir(dirname(path), { recursive: true })
      // Written beside the target and renamed over it: rename is atomic on one file system.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.part`
      await writeFile(temporary, bytes)
      await rename(temporary, path)
    },
    async get(tenantId, key) {
      try {
        return await readFile(pathOf(tenantId, key))
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async exists(tenantId, key) {
      try {
        return (await stat(pathOf(tenantId, key))).isFile()
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
    async delete(tenantId, key) {
      await unlink(pathOf(tenantId, key)).catch((error: unknown) => {
        if (!isMissing(error)) throw error
      })
    },
  }
}

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'ENOENT'
}

const stores = new WeakMap<object, FileStore>()

/** The file store of a process: the platform's own (server/boot/create-platform.ts) when it has one. */
export function fileStoreFor(platform: { env: Pick<Env, 'DATA_DIR'>; files?: FileStore }): FileStore {
  if (platform.files) return platform.files
  let store = stores.get(platform)
  if (!store) {
    store = localFileStore(platform.env)
    stores.set(platform, store)
  }
  return store
}
