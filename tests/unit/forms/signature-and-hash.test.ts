import { describe, expect, it } from 'vitest'
import { canonicalJson, integrityHashOf, type CanonicalSubmission } from '#server/forms/canonical-submission'
import { FORM_MESSAGES } from '#server/forms/form-messages'
import { formatSignDate, readSignature } from '#server/forms/signature'
import { tinyPngDataUrl } from './png-fixture'

describe('readSignature', () => {
  it('takes a drawn PNG with JavaScript', () => {
    const result = readSignature({ sign: tinyPngDataUrl }, true)
    expect(result).toMatchObject({ ok: true, value: { method: 'drawn', imageSha256: expect.stringMatching(/^[0-9a-f]{64}$/) } })
  })

  it('takes a typed full name with explicit consent without JavaScript', () => {
    expect(readSignature({ signTypedName: '  Ada   Lovelace ', signConsent: 'on' }, true)).toEqual({
      ok: true,
      value: { method: 'typed', signedName: 'Ada Lovelace' },
    })
  })

  it.each<{ posted: Record<string, string> }>([
    { posted: {} },
    { posted: { signTypedName: 'Ada Lovelace' } },
    { posted: { signConsent: 'on' } },
    { posted: { sign: 'data:image/png;base64,AAAA' } },
    { posted: { sign: 'data:image/svg+xml;base64,PHN2Zz4=' } },
    { posted: { sign: `data:image/png;base64,${'A'.repeat(400_000)}` } },
  ])('says "Signature is required!" for $posted', ({ posted }) => {
    expect(readSignature(posted, true)).toEqual({ ok: false, error: 'invalid_input', message: FORM_MESSAGES.signatureRequired })
  })

  it('lets an unsigned post through when signing is not required', () => {
    expect(readSignature({}, false)).toEqual({ ok: true, value: null })
  })
})

describe('sign date', () => {
  it.each([
    { at: '2026-11-02T23:30:00Z', text: 'Nov 02, 2026' },
    { at: '2026-01-31T00:00:00-05:00', text: 'Jan 31, 2026' },
    { at: '2027-12-31T23:59:59Z', text: 'Dec 31, 2027' },
  ])('is shown in UTC as MMM dd, YYYY: $at', ({ at, text }) => {
    expect(formatSignDate(new Date(at))).toBe(text)
  })
})

describe('integrity hash', () => {
  const submission: CanonicalSubmission = {
    submissionId: 'a',
    formId: 'b',
    formGuId: 'c',
    formName: 'Waiver',
    formVersion: 2,
    submittedAt: '2026-11-22T10:00:00.000Z',
    values: {
      fullName: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '', dob: '',
      emergencyContactName: '', emergencyContactPhone: '', motherName: '', motherEmail: '', motherPhone: '',
      fatherName: '', fatherEmail: '', fatherPhone: '', customField: [],
    },
    signature: { method: 'typed', signedName: 'Ada Lovelace' },
    signedAt: '2026-11-22T10:00:00.000Z',
    signerIp: '203.0.113.9',
    signerUserAgent: 'Test',
  }

  it('does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}')
  })

  it('changes when anything signed changes', () => {
    const hash = integrityHashOf(submission)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(integrityHashOf({ ...submission })).toBe(hash)
    expect(integrityHashOf({ ...submission, formVersion: 3 })).not.toBe(hash)
    expect(integrityHashOf({ ...submission, values: { ...submission.values, email: 'eve@example.com' } })).not.toBe(hash)
    expect(integrityHashOf({ ...submission, signerIp: '203.0.113.10' })).not.toBe(hash)
  })
})
