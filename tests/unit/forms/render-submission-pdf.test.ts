import { extractText } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { renderSubmissionPdf } from '#server/forms/render-submission-pdf'
import { tinyPngDataUrl } from './png-fixture'

const dates = { timezone: 'America/New_York', dateFormat: 'MM/dd/YYYY' } as const

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
      dates,
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
      agreedTexts: null,
    })
    const text = await textOf(bytes)
    expect(text).toContain('Trial Class Registration')
    expect(text).toContain('Ada Lovelace')
    expect(text).toContain('Sign date: Nov 22, 2026')
    // Submitted and signed in the organisation's zone and date format; the instant in UTC too.
    expect(text).toContain('Submitted 11/22/2026 05:00 AM EST')
    expect(text).toContain('Signed at: 11/22/2026 05:00 AM EST (2026-11-22T10:00:00.000Z)')
    expect(text).toContain(hash)
    expect(text).toContain('Form version: 4')
  })

  it('prints a typed signature and survives characters Helvetica cannot encode', async () => {
    const bytes = await renderSubmissionPdf({
      organisationName: 'Studio',
      dates,
      formName: 'Waiver 🧘',
      submittedAt: new Date('2026-11-22T10:00:00Z'),
      rows: [{ label: 'Name', value: 'Zoë Łukasz 王小明 Őrs' }],
      signature: { method: 'typed', signedName: 'Zoë Łukasz' },
      signedAt: new Date('2026-11-22T10:00:00Z'),
      integrity: { hash: 'cd'.repeat(32), formVersion: 1, signerIp: null, signerUserAgent: null },
      agreedTexts: null,
    })
    const text = await textOf(bytes)
    expect(text).toContain('Zoë')
    expect(text).toContain('Ors')
    expect(text).toContain("shown as '?'")
  })

  it('prints the texts the visitor agreed to: before the form, its sub-header and after it', async () => {
    const bytes = await renderSubmissionPdf({
      organisationName: 'Studio',
      dates,
      formName: 'Waiver',
      submittedAt: new Date('2026-11-22T10:00:00Z'),
      rows: [{ label: 'Name', value: 'Ada Lovelace' }],
      signature: { method: 'typed', signedName: 'Ada Lovelace' },
      signedAt: new Date('2026-11-22T10:00:00Z'),
      integrity: { hash: 'ef'.repeat(32), formVersion: 2, signerIp: null, signerUserAgent: null },
      agreedTexts: {
        beforeFormHtml: '<p>I have read the <strong>studio rules</strong> &amp; accept them.</p>',
        subHeaderHtml: '<h2>Health questions</h2><ul><li data-list="bullet">No injuries</li></ul>',
        afterFormHtml: '<p>Fees are not refundable.</p>',
      },
    })
    const text = await textOf(bytes)
    expect(text).toContain('I have read the studio rules & accept them.')
    expect(text).toContain('Health questions')
    expect(text).toContain('No injuries')
    expect(text).toContain('Fees are not refundable.')
    expect(text.indexOf('studio rules')).toBeLessThan(text.indexOf('Ada Lovelace'))
    expect(text.indexOf('Fees are not refundable.')).toBeGreaterThan(text.indexOf('Name'))
    expect(text).not.toContain('<p>')
  })

  it('keeps the integrity record on one page: a record that would be split starts the next page', async () => {
    const pagesText = async (noteLines: number) => {
      const bytes = await renderSubmissionPdf({
        organisationName: 'Studio',
        dates,
        formName: 'Waiver',
        submittedAt: new Date('2026-11-22T10:00:00Z'),
        rows: [
          ...Array.from({ length: 16 }, (_, i) => ({ label: `Question ${i + 1}`, value: `Answer ${i + 1}` })),
          { label: 'Notes', value: Array.from({ length: noteLines }, (_, i) => `Note line ${i + 1}`).join('\n') },
        ],
        signature: null,
        signedAt: new Date('2026-11-22T10:00:00Z'),
        integrity: { hash: '12'.repeat(32), formVersion: 3, signerIp: '203.0.113.9', signerUserAgent: 'Mozilla/5.0 Test' },
        agreedTexts: null,
      })
      const { text } = await extractText(new Uint8Array(bytes), { mergePages: false })
      return text
    }
    // Lengthen the answers a line at a time so that the page ends inside the record at some length.
    let crossings = 0
    for (let lines = 1; lines <= 14; lines++) {
      const pages = await pagesText(lines)
      const withHeading = pages.findIndex((page) => page.includes('Integrity record'))
      const withLast = pages.findIndex((page) => page.includes('Signer browser: Mozilla/5.0 Test'))
      expect(withHeading, `${lines} lines`).toBeGreaterThanOrEqual(0)
      expect(withLast, `${lines} lines`).toBe(withHeading)
      if (withHeading > 0 && pages[withHeading].trim().startsWith('Integrity record')) crossings += 1
    }
    expect(crossings).toBeGreaterThan(0)
  })
})
