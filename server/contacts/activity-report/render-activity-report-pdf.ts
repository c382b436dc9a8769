import { PDFDocument } from 'pdf-lib'
import { dateInLanguage } from '#server/dates/language-dates'
import type { DatePreferences } from '#server/dates/tenant-dates'
import { embedDocumentFonts } from '#server/documents/document-fonts'
import { GREY, PageWriter } from '#server/forms/render-submission-pdf'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'

export interface ActivityReportInput {
  organisationName: string
  /** The organisation's time zone and date format, which the report's dates are written in. */
  dates: DatePreferences
  generatedAt: Date
  contactName: string
  /** The contact's details, label and value, in the order the profile shows them; empty values are left out. */
  details: Array<{ label: string; value: string }>
  /** Newest first, as the profile's timeline. */
  activities: Array<{ at: Date; text: string }>
  /** True when older entries were left out. */
  truncated: boolean
  /** The language of the report's own words and dates; English when not given. The details come already in it. */
  language?: Language
}

/**
 * The activity report of one contact: the organisation, the contact's details, then every
 * entry of the activity log with its date and time in the organisation's zone. Characters the
 * PDF's font lacks are folded or replaced as in the form copies (PageWriter). The entries
 * themselves are printed as they were recorded.
 */
export async function renderActivityReportPdf(input: ActivityReportInput): Promise<Uint8Array> {
  const language = input.language ?? 'en'
  const t = tFor(language, 'documents')
  const pdf = await PDFDocument.create()
  const title = t('activityReportTitle', { name: input.contactName })
  pdf.setTitle(title)
  pdf.setProducer('Studio Platform')
  pdf.setCreator(input.organisationName)
  pdf.setCreationDate(input.generatedAt)
  pdf.setModificationDate(input.generatedAt)
  const { regular, bold } = embedDocumentFonts(pdf)
  const writer = new PageWriter(pdf, regular, bold)

  writer.text(input.organisationName, { size: 10, color: GREY })
  writer.text(t('activityReportHeading'), { size: 18, font: 'bold', gapAfter: 2 })
  writer.text(input.contactName, { size: 14, font: 'bold', gapAfter: 4 })
  writer.text(t('generated', { date: dateInLanguage(input.generatedAt, input.dates, 'dateTimeZone', language) }), { size: 10, color: GREY, gapAfter: 14 })

  writer.text(t('details'), { size: 13, font: 'bold', gapAfter: 6 })
  for (const detail of input.details) {
    writer.text(detail.label, { size: 9, font: 'bold', color: GREY })
    writer.text(detail.value, { size: 11, gapAfter: 6 })
  }

  writer.text(t('activity'), { size: 13, font: 'bold', gapBefore: 10, gapAfter: 6 })
  if (input.activities.length === 0) writer.text(t('noActivity'), { size: 11 })
  for (const activity of input.activities) {
    writer.keepTogether(writer.heightOf('x', { size: 9 }) + writer.heightOf(activity.text, { size: 11, gapAfter: 6 }))
    writer.text(dateInLanguage(activity.at, input.dates, 'dateTime', language), { size: 9, font: 'bold', color: GREY })
    writer.text(activity.text, { size: 11, gapAfter: 6 })
  }
  if (input.truncated) writer.text(t('olderEntriesLeftOut'), { size: 9, color: GREY, gapBefore: 6 })
  if (writer.replacedCharacters) writer.text(t('replacedCharacters'), { size: 8, color: GREY, gapBefore: 10 })
  return pdf.save({ useObjectStreams: false })
}
