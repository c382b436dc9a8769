import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { ImportProgress } from '#app/components/contacts/import-progress'
import { RecentImports } from '#app/components/contacts/recent-imports'
import { CONTACT_FILES_MESSAGES, contactFileSize } from '#server/contacts/contact-files'
import { UPLOAD_MESSAGES } from '#server/contacts/import/create-contact-import'
import { MAPPING_MESSAGES } from '#server/contacts/import/import-mapping'
import { mappingStepIn, rowMessageIn } from '#server/contacts/import/import-page-words'
import type { ImportSummary } from '#server/contacts/import/import-view'
import type { MappingStep } from '#server/contacts/import/mapping-step'
import { CATALOG } from '#server/i18n/catalog'
import { translateMessage } from '#server/i18n/translate-message'
import { renderInRouter } from '#tests/unit/ui/render-in-router'

const summary: ImportSummary = {
  guId: 'a1b2c3d4-0000-4000-8000-000000000001',
  fileName: 'members.csv',
  status: 'running',
  statusLabel: 'Importing',
  uploaded: null,
  finished: null,
  totalRows: 1250,
  rowsDone: 1000,
  percent: 80,
  created: 1200,
  updated: 0,
  skipped: 0,
  errors: 3,
  onDuplicate: 'skip',
  failure: null,
}

describe('the contact import in Turkish', () => {
  it('writes the progress with the page\'s numbers: English as before, Turkish with its own marks', async () => {
    const english = await renderInRouter(createElement(ImportProgress, { summary }))
    expect(english).toContain('1,000 of 1,250 rows')
    expect(english).toContain('aria-label="Rows imported"')
    const turkish = await renderInRouter(createElement(ImportProgress, { summary }), undefined, 'tr')
    expect(turkish).toContain('1.000 / 1.250 satır')
    expect(turkish).toContain('%80')
    expect(turkish).toContain('aria-label="İçe aktarılan satırlar"')
  })

  it('names the recent imports\' columns and statuses in Turkish, and keeps the English', async () => {
    const english = await renderInRouter(createElement(RecentImports, { imports: [summary] }))
    expect(english).toContain('Recent imports')
    expect(english).toContain('Importing')
    expect(english).toContain('1,200')
    const turkish = await renderInRouter(createElement(RecentImports, { imports: [summary, { ...summary, guId: 'b', status: 'mapping' }] }), undefined, 'tr')
    for (const word of ['Son içe aktarmalar', 'Yüklenme', 'Oluşturulan', 'Hatalar', 'İçe aktarılıyor', 'Sütunlar eşleştirilecek', '1.250 satır', '1.200']) expect(turkish).toContain(word)
    expect(turkish).not.toMatch(/Recent imports|Importing|Columns to map|\bCreated\b/)
  })

  it('refuses a file over the limit in the browser with the server\'s own sentence', () => {
    expect(CATALOG.en.contacts.import_tooLarge).toBe(UPLOAD_MESSAGES.tooLarge)
    expect(CATALOG.tr.contacts.import_tooLarge).toBe(translateMessage('tr', UPLOAD_MESSAGES.tooLarge))
  })

  it('translates a refused row with its field, and keeps a custom field\'s own name', () => {
    expect(rowMessageIn('tr', 'Email: Please enter a valid email address.')).toBe('E-posta: Lütfen geçerli bir e-posta adresi girin.')
    expect(rowMessageIn('tr', 'Belt colour: This is too long.')).toBe('Belt colour: Bu çok uzun.')
    expect(rowMessageIn('en', 'Email: Please enter a valid email address.')).toBe('Email: Please enter a valid email address.')
    expect(rowMessageIn('tr', 'This row has 3 values where the header has 4 columns.')).toBe('Başlıkta 4 sütun varken bu satırda 3 değer var.')
    expect(rowMessageIn('tr', 'Date of birth must be a date (YYYY-MM-DD or dd/MM/YYYY) in the past. Zip code must be at most 20 characters.')).toBe(
      'Doğum tarihi geçmişte bir tarih olmalıdır (YYYY-AA-GG ya da GG/AA/YYYY). Posta kodu en fazla 20 karakter olabilir.',
    )
    expect(rowMessageIn('tr', 'Belt colour must be at most 20 characters.')).toBe('Belt colour en fazla 20 karakter olabilir.')
    expect(rowMessageIn('en', 'Date of birth must be a date (YYYY-MM-DD or dd/MM/YYYY) in the past.')).toBe('Date of birth must be a date (YYYY-MM-DD or dd/MM/YYYY) in the past.')
  })

  it('gives the mapping step the fields\' Turkish names, its notes and problems, but not the studio\'s custom fields', () => {
    const step: MappingStep = {
      fileName: 'members.csv',
      totalRows: 2,
      header: ['Name', 'Mail', 'Belt'],
      samples: ['Ayşe', 'a@b.test', 'Blue'],
      options: [
        { key: 'firstName', label: 'First name', group: 'Contact' },
        { key: 'city', label: 'City', group: 'Contact' },
        { key: 'field:1', label: 'City', group: 'Custom fields' },
      ],
      mapping: { '0': 'firstName', '1': 'firstName' },
      delimiter: ',',
      onDuplicate: 'skip',
      problems: { form: MAPPING_MESSAGES.invalid, columns: { '1': MAPPING_MESSAGES.chosenTwice('First name') } },
      preview: { columns: ['First name', 'City'], rows: [{ rowNumber: 2, values: ['Ayşe', 'İzmir'], outcome: 'create', note: 'New contact' }] },
    }
    const turkish = mappingStepIn('tr', step)
    expect(turkish.options.map((option) => option.label)).toEqual(['Ad', 'Şehir', 'City'])
    expect(turkish.problems.form).toBe('Lütfen işaretli sütunları düzeltin.')
    expect(turkish.problems.columns['1']).toBe('"Ad" başka bir sütun için de seçildi: her alan en fazla bir sütun alır.')
    // 'City' is a custom field's name here: the studio's word is kept.
    expect(turkish.preview.columns).toEqual(['Ad', 'City'])
    expect(turkish.preview.rows[0]?.note).toBe('Yeni kişi')
    expect(mappingStepIn('en', step)).toBe(step)
  })
})

describe("a contact's Files page in Turkish", () => {
  it('writes a file size with the page\'s decimal mark, English exactly as before', () => {
    expect(contactFileSize(512, 'en')).toBe('512 B')
    expect(contactFileSize(1536, 'en')).toBe('1.5 KB')
    expect(contactFileSize(1536, 'tr')).toBe('1,5 KB')
    expect(contactFileSize(1300 * 1024 * 1024, 'en')).toBe('1300.0 MB')
  })

  it('has Turkish for its answers', () => {
    expect(translateMessage('tr', CONTACT_FILES_MESSAGES.shared)).toBe('Dosya paylaşıldı.')
    expect(translateMessage('tr', CONTACT_FILES_MESSAGES.unshared)).toBe('Artık paylaşılmıyor.')
    expect(translateMessage('tr', CONTACT_FILES_MESSAGES.chooseFile)).toBe('Bir dosya seçin.')
  })
})
