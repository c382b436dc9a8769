import { extractText } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { renderSubmissionPdf, type SubmissionPdfInput } from '#server/forms/render-submission-pdf'
import { submissionRows } from '#server/forms/submission-rows'

const dates = { timezone: 'Europe/Istanbul', dateFormat: 'MM/dd/YYYY' } as const

const stored = {
  values: {
    fullName: 'Işıl Şahinoğlu',
    email: 'isil@example.test',
    dob: '1990-04-23',
    motherName: 'Gülşen Şahinoğlu',
    customField: [
      { guId: 'a', sequence: 2, type: 'checkbox', name: 'Sağlık sorunum yok', value: true },
      { guId: 'b', sequence: 1, type: 'header', name: 'Sağlık bilgileri', value: null },
      { guId: 'c', sequence: 3, type: 'text', name: 'Favourite class', value: 'Akşam yogası' },
    ],
  },
}

function input(language: SubmissionPdfInput['language']): SubmissionPdfInput {
  return {
    organisationName: 'Işık Yoga Stüdyosu',
    dates,
    formName: 'Deneme Dersi Kaydı',
    submittedAt: new Date('2026-11-22T10:00:00Z'),
    rows: submissionRows(stored, language),
    signature: { method: 'typed', signedName: 'Işıl Şahinoğlu' },
    signedAt: new Date('2026-11-22T10:00:00Z'),
    integrity: { hash: 'ab'.repeat(32), formVersion: 4, signerIp: '203.0.113.9', signerUserAgent: 'Mozilla/5.0 Test' },
    agreedTexts: { beforeFormHtml: '<p>Stüdyo kurallarını okudum ve kabul ediyorum.</p>', subHeaderHtml: '', afterFormHtml: '' },
    language,
  }
}

async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true })
  return text
}

describe('submissionRows in Turkish', () => {
  it('translates our labels and Yes/No, keeps the tenant’s labels and the answers as written', () => {
    expect(submissionRows(stored, 'tr')).toEqual([
      { label: 'Ad Soyad', value: 'Işıl Şahinoğlu' },
      { label: 'E-posta', value: 'isil@example.test' },
      { label: 'Doğum Tarihi', value: '1990-04-23' },
      { label: 'Sağlık bilgileri', value: '', isHeading: true },
      { label: 'Sağlık sorunum yok', value: 'Evet' },
      { label: 'Favourite class', value: 'Akşam yogası' },
      { label: 'Anne Adı', value: 'Gülşen Şahinoğlu' },
    ])
  })

  it('keeps the English rows as they were', () => {
    expect(submissionRows(stored).map((row) => [row.label, row.value])).toEqual([
      ['Name', 'Işıl Şahinoğlu'],
      ['Email', 'isil@example.test'],
      ['Birth Date', '1990-04-23'],
      ['Sağlık bilgileri', ''],
      ['Sağlık sorunum yok', 'Yes'],
      ['Favourite class', 'Akşam yogası'],
      ['Mother Name', 'Gülşen Şahinoğlu'],
    ])
  })
})

describe('renderSubmissionPdf in Turkish', () => {
  it('prints the copy’s own words and dates in Turkish, and every Turkish letter', async () => {
    const text = await textOf(await renderSubmissionPdf(input('tr')))
    for (const expected of [
      'Işık Yoga Stüdyosu',
      'Deneme Dersi Kaydı',
      'Gönderilme tarihi: 22 Kas 2026 13:00 GMT+3',
      'Stüdyo kurallarını okudum ve kabul ediyorum.',
      'Ad Soyad',
      'Işıl Şahinoğlu',
      'Sağlık bilgileri',
      'Evet',
      'İmza',
      'Yukarıdaki ad soyad yazılarak ve onay kutusu işaretlenerek imzalanmıştır.',
      'İmza tarihi: 22 Kas 2026',
      'Bütünlük kaydı',
      `SHA-256: ${'ab'.repeat(32)}`,
      'Form sürümü: 4',
      'İmzalanma zamanı: 22 Kas 2026 13:00 GMT+3 (2026-11-22T10:00:00.000Z)',
      'İmzalayanın IP adresi: 203.0.113.9',
      'İmzalayanın tarayıcısı: Mozilla/5.0 Test',
    ]) {
      expect(text, expected).toContain(expected)
    }
    expect(text).not.toContain('?')
    expect(text).not.toContain('Integrity record')
  })

  it('prints Turkish answers in an English copy without replacing their letters', async () => {
    const text = await textOf(await renderSubmissionPdf({ ...input('en'), language: undefined }))
    expect(text).toContain('Submitted 11/22/2026 01:00 PM GMT+3')
    expect(text).toContain('Sign date: Nov 22, 2026')
    expect(text).toContain('Işıl Şahinoğlu')
    expect(text).toContain('Akşam yogası')
    expect(text).not.toContain("shown as '?'")
  })
})
