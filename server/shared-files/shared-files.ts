import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import { fileStoreFor } from '#server/files/file-store'
import type { Platform } from '#server/platform'
import { isUuid } from '#server/text/is-uuid'
import type { Tenant } from '#server/tenancy/tenant'
import { contentTypeFor, extensionOf, isRefusedExtension, looksRunnable, SNIFF_BYTES } from './file-kind'

/** At most this many files in one upload, each at most MAX_SHARED_FILE_BYTES (10 MB). */
export const MAX_FILES_PER_UPLOAD = 4
export const MAX_SHARED_FILE_BYTES = 10_485_760
export const SHARED_FILES_PAGE_SIZE = 25
const MAX_NAME_LENGTH = 200

export const SHARED_FILE_MESSAGES = {
  noFile: 'Choose at least one file to upload.',
  tooMany: `Upload at most ${MAX_FILES_PER_UPLOAD} files at a time.`,
  tooLarge: (name: string) => `${name} is larger than 10 MB: each file must be at most 10 MB.`,
  refusedName: (name: string) => `${name} cannot be shared: web pages, SVG images, scripts and programs are not allowed.`,
  refusedBytes: (name: string) => `${name} looks like a web page, script or program inside, so it cannot be shared.`,
  badName: 'Enter a name of 1 to 200 characters.',
  noContact: 'Choose a contact to share with.',
  notFound: 'Not found.',
} as const

/** The name a refusal gives a file that was too large to be read at all, so it has no name yet. */
export const UNNAMED_FILE = 'A file'

type Platformish = Pick<Platform, 'database' | 'env'> & { files?: Platform['files'] }

export interface SharedFileRow {
  id: string
  name: string
  contentType: string
  sizeBytes: number
  uploadedBy: string | null
  createdAt: string
  /** Shared with all students, which a screen says in its own words before the names. */
  sharedWithAll: boolean
  /** The contacts it is shared with, by name. */
  sharedWithNames: string
}

/** A file name as kept: no folders, no control characters, at most 200 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? ''
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_NAME_LENGTH)
}

/**
 * Checks every file of an upload before any is kept: the count, the size, the name's extension
 * and the first bytes. A refusal keeps nothing.
 */
export async function checkSharedUpload(files: readonly File[], oversizedCount: number): Promise<WordedResult<File[], 'invalid_input'>> {
  if (files.length + oversizedCount === 0) return err('invalid_input', SHARED_FILE_MESSAGES.noFile)
  if (files.length + oversizedCount > MAX_FILES_PER_UPLOAD) return err('invalid_input', SHARED_FILE_MESSAGES.tooMany)
  if (oversizedCount > 0) return err('invalid_input', SHARED_FILE_MESSAGES.tooLarge(UNNAMED_FILE))
  for (const file of files) {
    const name = cleanFileName(file.name) || 'file'
    if (file.size > MAX_SHARED_FILE_BYTES) return err('invalid_input', SHARED_FILE_MESSAGES.tooLarge(name))
    if (isRefusedExtension(name)) return err('invalid_input', SHARED_FILE_MESSAGES.refusedName(name))
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer())
    if (looksRunnable(head)) return err('invalid_input', SHARED_FILE_MESSAGES.refusedBytes(name))
  }
  return ok([...files])
}

/** Keeps checked files in the tenant's private store and lists them; returns the new ids. */
export async function storeSharedFiles(platform: Platformish, tenant: Tenant, files: readonly File[], uploadedBy: string): Promise<string[]> {
  const store = fileStoreFor(platform)
  const ids: string[] = []
  for (const file of files) {
    const name = cleanFileName(file.name) || 'file'
    const id = randomUUID()
    const extension = extensionOf(name).replace(/[^a-z0-9]/g, '').slice(0, 10)
    const key = `shared-files/${id}${extension ? `.${extension}` : ''}`
    await store.put(tenant.id, key, new Uint8Array(await file.arrayBuffer()))
    try {
      await withTenant(platform.database, tenant.id, (trx) =>
        trx
          .insertInto('shared_files')
          .values({ id, tenant_id: tenant.id, name, content_type: contentTypeFor(name), size_bytes: file.size, storage_key: key, uploaded_by: uploadedBy || null })
          .execute(),
      )
    } catch (error) {
      // Bytes no row names would stay on disk for ever: remove them with the failed row.
      await store.delete(tenant.id, key)
      throw error
    }
    ids.push(id)
  }
  return ids
}

/** One page of the tenant's files, newest first, optionally by a part of the name. */
export async function listSharedFiles(database: DatabaseHandle, tenant: Tenant, input: { search: string; page: number }): Promise<{ files: SharedFileRow[]; total: number; page: number; pageCount: number }> {
  const search = input.search.trim().slice(0, 100)
  return withTenant(database, tenant.id, async (trx) => {
    let query = trx.selectFrom('shared_files')
    if (search) query = query.where('name', 'ilike', `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    const counted = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst()
    const total = Number(counted?.count ?? 0)
    const pageCount = Math.max(1, Math.ceil(total / SHARED_FILES_PAGE_SIZE))
    const page = Math.min(Math.max(1, Math.floor(input.page) || 1), pageCount)
    const rows = await query
      .select(['id', 'name', 'content_type', 'size_bytes', 'uploaded_by', 'created_at'])
      .select([sharedWithNames, sharedWithAll])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(SHARED_FILES_PAGE_SIZE)
      .offset((page - 1) * SHARED_FILES_PAGE_SIZE)
      .execute()
    return { files: rows.map(toRow), total, page, pageCount }
  })
}

const sharedWithNames = sql<string>`(
  select coalesce(string_agg(trim(c.first_name || ' ' || c.last_name), ', ' order by s.contact_id, c.first_name), '')
  from shared_file_shares s join contacts c on c.id = s.contact_id
  where s.file_id = shared_files.id
)`.as('shared_with_names')

const sharedWithAll = sql<boolean>`exists (select 1 from shared_file_shares s where s.file_id = shared_files.id and s.contact_id is null)`.as('shared_with_all')

function toRow(row: { id: string; name: string; content_type: string; size_bytes: number; uploaded_by: string | null; created_at: Date; shared_with_names: string; shared_with_all: boolean }): SharedFileRow {
  return {
    id: row.id,
    name: row.name,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    uploadedBy: row.uploaded_by,
    createdAt: new Date(row.created_at).toISOString(),
    sharedWithAll: row.shared_with_all,
    sharedWithNames: row.shared_with_names,
  }
}

export interface SharedFileDetails extends SharedFileRow {
  allStudents: boolean
  contacts: { id: string; name: string; email: string | null }[]
}

/** One file of this tenant with whom it is shared; null for a bad id or another tenant's file. */
export async function loadSharedFile(database: DatabaseHandle, tenant: Tenant, unverifiedId: string): Promise<SharedFileDetails | null> {
  if (!isUuid(unverifiedId)) return null
  return withTenant(database, tenant.id, async (trx) => {
    const row = await trx
      .selectFrom('shared_files')
      .select(['id', 'name', 'content_type', 'size_bytes', 'uploaded_by', 'created_at'])
      .select([sharedWithNames, sharedWithAll])
      .where('id', '=', unverifiedId)
      .executeTakeFirst()
    if (!row) return null
    const shares = await trx
      .selectFrom('shared_file_shares as s')
      .leftJoin('contacts as c', 'c.id', 's.contact_id')
      .select(['s.contact_id', 'c.first_name', 'c.last_name', 'c.email'])
      .where('s.file_id', '=', row.id)
      .orderBy('c.first_name')
      .execute()
    return {
      ...toRow(row),
      allStudents: shares.some((share) => share.contact_id === null),
      contacts: shares.flatMap((share) => (share.contact_id ? [{ id: share.contact_id, name: `${share.first_name ?? ''} ${share.last_name ?? ''}`.trim(), email: share.email ?? null }] : [])),
    }
  })
}

/** Shares a file with one contact of this tenant, or with every student (contactId null). */
export async function shareFile(database: DatabaseHandle, tenant: Tenant, input: { fileId: string; contactId: string | null }): Promise<WordedResult<undefined, 'not_found' | 'invalid_input'>> {
  if (!isUuid(input.fileId)) return err('not_found', SHARED_FILE_MESSAGES.notFound)
  if (input.contactId !== null && !isUuid(input.contactId)) return err('invalid_input', SHARED_FILE_MESSAGES.noContact)
  const contactId = input.contactId
  return withTenant(database, tenant.id, async (trx) => {
    const file = await trx.selectFrom('shared_files').select('id').where('id', '=', input.fileId).executeTakeFirst()
    if (!file) return err('not_found', SHARED_FILE_MESSAGES.notFound)
    if (contactId !== null) {
      // The pickers post a contact's guid; the contact page posts its id.
      const contact = await trx.selectFrom('contacts').select('id').where((eb) => eb.or([eb('id', '=', contactId), eb('guid', '=', contactId)])).executeTakeFirst()
      if (!contact) return err('invalid_input', SHARED_FILE_MESSAGES.noContact)
      const existing = await trx.selectFrom('shared_file_shares').select('id').where('file_id', '=', file.id).where('contact_id', '=', contact.id).executeTakeFirst()
      if (!existing) await trx.insertInto('shared_file_shares').values({ tenant_id: tenant.id, file_id: file.id, contact_id: contact.id }).execute()
    } else {
      const existing = await trx.selectFrom('shared_file_shares').select('id').where('file_id', '=', file.id).where('contact_id', 'is', null).executeTakeFirst()
      if (!existing) await trx.insertInto('shared_file_shares').values({ tenant_id: tenant.id, file_id: file.id, contact_id: null }).execute()
    }
    return ok()
  })
}

/** Stops sharing a file with one contact, or with all students (contactId null). */
export async function unshareFile(database: DatabaseHandle, tenant: Tenant, input: { fileId: string; contactId: string | null }): Promise<boolean> {
  if (!isUuid(input.fileId) || (input.contactId !== null && !isUuid(input.contactId))) return false
  const contactId = input.contactId
  return withTenant(database, tenant.id, async (trx) => {
    let query = trx.deleteFrom('shared_file_shares').where('file_id', '=', input.fileId)
    query = contactId === null ? query.where('contact_id', 'is', null) : query.where('contact_id', '=', contactId)
    const result = await query.executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  })
}

export async function renameSharedFile(database: DatabaseHandle, tenant: Tenant, input: { fileId: string; name: string }): Promise<WordedResult<undefined, 'not_found' | 'invalid_input'>> {
  if (!isUuid(input.fileId)) return err('not_found', SHARED_FILE_MESSAGES.notFound)
  const name = cleanFileName(input.name)
  if (!name) return err('invalid_input', SHARED_FILE_MESSAGES.badName)
  if (isRefusedExtension(name)) return err('invalid_input', SHARED_FILE_MESSAGES.refusedName(name))
  const updated = await withTenant(database, tenant.id, (trx) =>
    trx.updateTable('shared_files').set({ name, content_type: contentTypeFor(name) }).where('id', '=', input.fileId).executeTakeFirst(),
  )
  return Number(updated.numUpdatedRows) > 0 ? ok() : err('not_found', SHARED_FILE_MESSAGES.notFound)
}

/** Removes a file, its shares and its bytes; false when this tenant has no such file. */
export async function deleteSharedFile(platform: Platformish, tenant: Tenant, unverifiedId: string): Promise<boolean> {
  if (!isUuid(unverifiedId)) return false
  const removed = await withTenant(platform.database, tenant.id, (trx) =>
    trx.deleteFrom('shared_files').where('id', '=', unverifiedId).returning('storage_key').executeTakeFirst(),
  )
  if (!removed) return false
  await fileStoreFor(platform).delete(tenant.id, removed.storage_key)
  return true
}

export interface StudentSharedFile {
  id: string
  name: string
  sizeBytes: number
  createdAt: string
}

/** The files shared with this contact, directly or with all students, newest first. */
export async function listFilesSharedWith(database: DatabaseHandle, tenant: Tenant, contactId: string, options: { includeAllStudents: boolean }): Promise<StudentSharedFile[]> {
  if (!isUuid(contactId)) return []
  const rows = await withTenant(database, tenant.id, (trx) =>
    trx
      .selectFrom('shared_files as f')
      .select(['f.id', 'f.name', 'f.size_bytes', 'f.created_at'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('shared_file_shares as s')
            .select('s.id')
            .whereRef('s.file_id', '=', 'f.id')
            .where((inner) => (options.includeAllStudents ? inner.or([inner('s.contact_id', '=', contactId), inner('s.contact_id', 'is', null)]) : inner('s.contact_id', '=', contactId))),
        ),
      )
      .orderBy('f.created_at', 'desc')
      .limit(500)
      .execute(),
  )
  return rows.map((row) => ({ id: row.id, name: row.name, sizeBytes: row.size_bytes, createdAt: new Date(row.created_at).toISOString() }))
}

export interface OpenedSharedFile {
  name: string
  contentType: string
  bytes: Buffer
}

/**
 * The bytes of one file of this tenant: for staff any file, for a student only one shared with
 * them or with all students. null otherwise (the caller answers 404).
 */
export async function openSharedFile(platform: Platformish, tenant: Tenant, input: { unverifiedId: string; studentContactId: string | null }): Promise<OpenedSharedFile | null> {
  if (!isUuid(input.unverifiedId)) return null
  const studentContactId = input.studentContactId
  const row = await withTenant(platform.database, tenant.id, (trx) => {
    let query = trx.selectFrom('shared_files as f').select(['f.name', 'f.content_type', 'f.storage_key']).where('f.id', '=', input.unverifiedId)
    if (studentContactId !== null) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('shared_file_shares as s')
            .select('s.id')
            .whereRef('s.file_id', '=', 'f.id')
            .where((inner) => inner.or([inner('s.contact_id', '=', studentContactId), inner('s.contact_id', 'is', null)])),
        ),
      )
    }
    return query.executeTakeFirst()
  })
  if (!row) return null
  const bytes = await fileStoreFor(platform).get(tenant.id, row.storage_key)
  return bytes ? { name: row.name, contentType: row.content_type, bytes } : null
}

/** A stored file as a download: always saved, never rendered by the browser, never kept by others. */
export function sharedFileResponse(file: OpenedSharedFile): Response {
  const asciiName = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}

/** '1.2 MB' for a size in bytes. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
