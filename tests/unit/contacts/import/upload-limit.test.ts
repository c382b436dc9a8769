import { bodyVerdictFor, MAX_IMPORT_BODY_BYTES, MAX_MULTIPART_BODY_BYTES } from '#server/http/request-body-gate'
import { MAX_IMPORT_BYTES } from '#server/contacts/import/import-file'

const multipart = 'multipart/form-data; boundary=----x'

describe('the upload limit of the contacts import', () => {
  it('lets a 50 MB file (and its form) through on the import page only, whether posted natively or by Remix', () => {
    expect(MAX_IMPORT_BODY_BYTES).toBeGreaterThan(MAX_IMPORT_BYTES)
    for (const path of ['/contacts/import', '/contacts/import.data']) {
      expect(bodyVerdictFor({ method: 'POST', contentType: multipart, contentLength: String(MAX_IMPORT_BYTES + 4096), path })).toEqual({ kind: 'accept', limit: MAX_IMPORT_BODY_BYTES, multipart: true })
    }
    expect(bodyVerdictFor({ method: 'POST', contentType: multipart, contentLength: String(MAX_IMPORT_BODY_BYTES + 1), path: '/contacts/import' })).toMatchObject({ kind: 'refuse', status: 413 })
    // Elsewhere, and for the mapping step's plain form, the usual limits hold.
    expect(bodyVerdictFor({ method: 'POST', contentType: multipart, contentLength: String(MAX_IMPORT_BYTES), path: '/settings/account' })).toMatchObject({ kind: 'refuse', status: 413 })
    expect(bodyVerdictFor({ method: 'POST', contentType: multipart, contentLength: '100', path: '/contacts/import/x' })).toEqual({ kind: 'accept', limit: MAX_MULTIPART_BODY_BYTES, multipart: true })
  })
})
