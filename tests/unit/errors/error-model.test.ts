import { AppError } from '#server/errors/app-error'
import { APP_ERROR_STATUS, codeOfStatus, isAppErrorCode, statusOf, type AppErrorCode } from '#server/errors/error-codes'
import {
  answeringAppErrors,
  errorResponse,
  forbidden,
  foundOr404,
  invariantResponse,
  notFound,
  payloadTooLarge,
  rateLimited,
  responseFor,
  unsupportedMediaType,
} from '#server/errors/responses'
import { err, ok, unwrap, type Result } from '#server/errors/result'

describe('the status table', () => {
  it.each<[AppErrorCode, number]>([
    ['invalid_input', 400],
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['payload_too_large', 413],
    ['unsupported_media_type', 415],
    ['rate_limited', 429],
    ['internal', 500],
    ['unavailable', 503],
  ])('%s answers %i', (code, status) => {
    expect(statusOf(code)).toBe(status)
    expect(codeOfStatus(status)).toBe(code)
    expect(new AppError(code).status).toBe(status)
    expect(errorResponse(code).status).toBe(status)
  })

  it('maps each status to one code only, so a status read back names its code', () => {
    const statuses = Object.values(APP_ERROR_STATUS)
    expect(new Set(statuses).size).toBe(statuses.length)
  })

  it('reads an unknown status as internal and knows its own codes', () => {
    expect(codeOfStatus(418)).toBe('internal')
    expect(isAppErrorCode('not_found')).toBe(true)
    expect(isAppErrorCode('toString')).toBe(false)
    expect(isAppErrorCode(404)).toBe(false)
  })
})

describe('response helpers', () => {
  it('build plain-text responses with the status of their code and a default message', async () => {
    const cases: Array<[Response, number, string]> = [
      [notFound(), 404, 'Not found'],
      [forbidden(), 403, 'You do not have access to this page.'],
      [unsupportedMediaType(), 415, 'This kind of request body is not accepted here.'],
      [payloadTooLarge('Too big'), 413, 'Too big'],
      [rateLimited(), 429, 'Too many attempts. Please wait a moment and try again.'],
    ]
    for (const [response, status, text] of cases) {
      expect(response.status).toBe(status)
      expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
      expect(await response.text()).toBe(text)
    }
  })

  it('keep headers the caller gives, its own Content-Type included', () => {
    const response = notFound('Gone', { headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/html' } })
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Content-Type')).toBe('text/html')
  })

  it('invariantResponse passes a true condition and throws 400 by default, or the code given', async () => {
    expect(() => invariantResponse(1, 'never')).not.toThrow()
    const thrown = catchThrown(() => invariantResponse('', 'Missing name'))
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(400)
    expect(await (thrown as Response).text()).toBe('Missing name')
    const notThere = catchThrown(() => invariantResponse(null, () => 'No such form', { code: 'not_found' }))
    expect((notThere as Response).status).toBe(404)
    expect(await (notThere as Response).text()).toBe('No such form')
  })

  it('foundOr404 gives the value back and throws 404 for null or undefined only', () => {
    expect(foundOr404(0)).toBe(0)
    expect(foundOr404('')).toBe('')
    expect((catchThrown(() => foundOr404(null)) as Response).status).toBe(404)
    expect((catchThrown(() => foundOr404(undefined)) as Response).status).toBe(404)
  })

  it('answers an AppError thrown by server code with its status, and lets bugs through as bugs', async () => {
    const answered = await answeringAppErrors(async () => {
      throw new AppError('conflict', 'Email already exists')
    }).catch((thrown: unknown) => thrown)
    expect(answered).toBeInstanceOf(Response)
    expect((answered as Response).status).toBe(409)
    expect(await (answered as Response).text()).toBe('Email already exists')

    const bug = await answeringAppErrors(async () => {
      throw new TypeError('boom')
    }).catch((thrown: unknown) => thrown)
    expect(bug).toBeInstanceOf(TypeError)
    expect(await answeringAppErrors(async () => 'fine')).toBe('fine')
  })
})

describe('the result shape', () => {
  it('says which side it is with ok, and carries a value or a code with an optional message', () => {
    const found: Result<{ guid: string }> = ok({ guid: 'g1' })
    expect(found).toEqual({ ok: true, value: { guid: 'g1' } })
    expect(ok()).toEqual({ ok: true, value: undefined })
    expect(err('not_found')).toEqual({ ok: false, error: 'not_found' })
    expect(err('conflict', 'Taken', { field: 'email' })).toEqual({ ok: false, error: 'conflict', message: 'Taken', details: { field: 'email' } })
  })

  it('unwrap returns the value or throws the failure as an AppError of the same code', () => {
    expect(unwrap(ok(3))).toBe(3)
    const thrown = catchThrown(() => unwrap(err('conflict', 'Taken')))
    expect(thrown).toBeInstanceOf(AppError)
    expect((thrown as AppError).code).toBe('conflict')
    expect((thrown as AppError).message).toBe('Taken')
    expect(responseFor(err('forbidden')).status).toBe(403)
  })
})

function catchThrown(run: () => unknown): unknown {
  try {
    run()
  } catch (thrown) {
    return thrown
  }
  throw new Error('expected a throw')
}
