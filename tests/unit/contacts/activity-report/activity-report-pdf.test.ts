import { PDFDocument } from 'pdf-lib'
import { extractText } from 'unpdf'
import { describe, expect, it } from 'vitest'
import type { ContactRow } from '#db/types'
import { renderActivityReportPdf, type ActivityReportInput } from '#server/contacts/activity-report/render-activity-report-pdf'
import { reportDetails } from '#server/contacts/activity-report/report-details'
import { tenantSettingsSchema } from '#server/tenancy/tenant-settings'

const settings = tenantSettingsSchema.parse({ timezone: 'Europe/Istanbul', dateFormat: 'MM/dd/YYYY', defaultCurrency: 'TRY' })

// Only what the report reads; the rest of the row plays no part.
const contact = {
  email: 'isil@example.test',
  phone: '+90 532 000 00 00',
  address_line1: 'Bağdat Caddesi 12',
  address_line2: null,
  city: 'İstanbul',
  state: null,
  zip: '34710',
  country: 'Türkiye',
  date_of_birth: '1990-04-23',
  company: null,
  is_status_client: true,
  is_status_lead: false,
  is_status_member: true,
  is_status_staff: false,
  is_status_followup: false,
  is_status_inactive: false,
  is_status_other: false,
  lead_source: 'Instagram',
  balance_minor: '-4500',
  emergency_contact_name: 'Gülşen Şahinoğlu',
  emergency_contact_phone: null,
  mother_name: null,
  mother_email: null,
  mother_phone: null,
  father_name: null,
  father_email: null,
  father_phone: null,
  is_email_verified: true,
  created_at: new Date('2026-01-05T09:00:00Z'),
  description: 'Sabah derslerini tercih ediyor.',
} as unknown as ContactRow

function input(language: ActivityReportInput['language']): ActivityReportInput {
  return {
    organisationName: 'Işık Yoga Stüdyosu',
    dates: settings,
    generatedAt: new Date('2026-11-22T10:00:00Z'),
    contactName: 'Işıl Şahinoğlu',
    details: reportDetails(contact, settings, language),
    activities: [{ at: new Date('2026-11-20T15:30:00Z'), text: 'Invoice #0042 for ₺45,00: Pending' }],
    truncated: true,
    language,
  }
}

async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true })
  return text
}

describe('reportDetails', () => {
  it('writes the labels, statuses, balance and dates in Turkish; what the contact typed as typed', () => {
    expect(reportDetails(contact, settings, 'tr')).toEqual([
      { label: 'E-posta', value: 'isil@example.test' },
      { label: 'Telefon', value: '+90 532 000 00 00' },
      { label: 'Adres', value: 'Bağdat Caddesi 12, İstanbul 34710, Türkiye' },
      { label: 'Doğum tarihi', value: '23 Nis 1990' },
      { label: 'Durum', value: 'Müşteri, Üye' },
      { label: 'Potansiyel müşteri kaynağı', value: 'Instagram' },
      { label: 'Bakiye', value: '-₺45,00' },
      { label: 'Acil durumda aranacak kişi', value: 'Gülşen Şahinoğlu' },
      { label: 'E-posta doğrulandı', value: 'Evet' },
      { label: 'Kayıt tarihi', value: '05 Oca 2026' },
      { label: 'Açıklama', value: 'Sabah derslerini tercih ediyor.' },
    ])
  })

  it('keeps the English details as they were', () => {
    const english = Object.fromEntries(reportDetails(contact, settings).map((detail) => [detail.label, detail.value]))
    expect(english).toMatchObject({ 'Date of birth': '1990-04-23', Status: 'Client, Member', 'Email verified': 'Yes', 'Contact since': '01/05/2026' })
    // Intl puts a no-break space after the currency code.
    expect(english.Balance).toMatch(/^-TRY\s45\.00$/)
  })
})

describe('renderActivityReportPdf', () => {
  it('prints its headings and dates in Turkish, with every Turkish letter; the entries as recorded', async () => {
    const bytes = await renderActivityReportPdf(input('tr'))
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Etkinlik raporu: Işıl Şahinoğlu')
    const text = await textOf(bytes)
    for (const expected of [
      'Işık Yoga Stüdyosu',
      'Etkinlik raporu',
      'Işıl Şahinoğlu',
      'Oluşturulma tarihi: 22 Kas 2026 13:00 GMT+3',
      'Bilgiler',
      'Potansiyel müşteri kaynağı',
      'Etkinlikler',
      '20 Kas 2026 18:30',
      'Invoice #0042 for',
      'Daha eski kayıtlar bu rapora dahil edilmemiştir.',
    ]) {
      expect(text, expected).toContain(expected)
    }
    expect(text).not.toContain('Activity report')
  })

  it('prints the English report as before', async () => {
    const text = await textOf(await renderActivityReportPdf({ ...input('en'), language: undefined, activities: [], truncated: false }))
    for (const expected of ['Activity report', 'Generated 11/22/2026 01:00 PM GMT+3', 'Details', 'Lead source', 'Activity', 'No activity recorded yet.', 'Işıl Şahinoğlu']) {
      expect(text, expected).toContain(expected)
    }
  })
})
