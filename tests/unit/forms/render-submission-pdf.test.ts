import { extractText } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { renderSubmissionPdf } from '#server/forms/render-submission-pdf'
import { tinyPngDataUrl } from './png-fixture'

const png = Buffer.from(tinyPngDataUrl.split(',')[1], 'base64')

async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true })
  return text
}

describe('renderSubmissionPdf', () => {
  it('prints the title, every field, the signature date and the integrity hash', async () => {
    const hash = 'ab'.repeat(32)
    const bytes = await renderSubmissionPdf({
      organisationName: 'Demo Yoga Studio',
      formName: 'Trial Class Registration',
      submittedAt: new Date('2026-11-22T10:00:00Z'),
      rows: [
        { label: 'Name', value: 'Ada Lovelace' },
        { label: 'About you', value: '', isHeading: true },
        { label: 'Notes', value: 'word '.repeat(400) },
        { label: 'Unbroken', value: 'x'.repeat(3000) },
      ],
      signature: { method: 'drawn', png },
      signedAt: new Date('2026-11-22T10:00:00Z'),
      integrity: { hash, formVersion: 4, signerIp: '203.0.113.9', signerUserAgent: 'Mozilla/5.0 Test' },
    })
    const text = await textOf(bytes)
    expect(text).toContain('Trial Class Registration')
    expect(text).toContain('Ada Lovelace')
    expect(text).toContain('Sign date: Nov 22, 2026')
    expect(text).toContain(hash)
    expect(text).toContain('Form version: 4')
  })

  it('prints a typed signature and survives characters Helvetica cannot encode', async () => {
    const bytes = await renderSubmissionPdf({
      organisationName: 'Studio',
      formName: 'Waiver 🧘',
      submittedAt: new Date('2026-11-22T10:00:00Z'),
      rows: [{ label: 'Name', value: 'Zoë Łukasz 王小明 Őrs' }],
      signature: { method: 'typed', signedName: 'Zoë Łukasz' },
      signedAt: new Date('2026-11-22T10:00:00Z'),
      integrity: { hash: 'cd'.repeat(32), formVersion: 1, signerIp: null, signerUserAgent: null },
    })
    const text = await textOf(bytes)
    expect(text).toContain('Zoë')
    expect(text).toContain('Ors')
    expect(text).toContain("shown as '?'")
  })
})
