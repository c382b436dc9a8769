import { bodyVerdictFor, MAX_MEDIA_BODY_BYTES, MAX_MULTIPART_BODY_BYTES } from '#server/http/request-body-gate'
import { MAX_FILES_PER_POST, MAX_MEDIA_BYTES } from '#server/media/media-rules'

const multipart = 'multipart/form-data; boundary=x'

describe('the body limit of the media gallery upload', () => {
  it('takes several full-size files in one post without JavaScript, and only at its own address', () => {
    expect(MAX_MEDIA_BODY_BYTES).toBeGreaterThan(4 * MAX_MEDIA_BYTES)
    expect(MAX_FILES_PER_POST).toBeGreaterThan(4)
    for (const path of ['/website/media', '/website/media.data']) {
      expect(bodyVerdictFor({ method: 'POST', contentType: multipart, contentLength: String(4 * MAX_MEDIA_BYTES + 4096), path })).toEqual({
        kind: 'accept',
        limit: MAX_MEDIA_BODY_BYTES,
        multipart: true,
      })
    }
    expect(bodyVerdictFor({ method: 'POST', contentType: multipart, contentLength: String(4 * MAX_MEDIA_BYTES), path: '/profile' })).toMatchObject({ kind: 'refuse', status: 413 })
    expect(bodyVerdictFor({ method: 'POST', contentType: multipart, contentLength: '100', path: '/website/media/upload' })).toEqual({
      kind: 'accept',
      limit: MAX_MULTIPART_BODY_BYTES,
      multipart: true,
    })
  })
})
