import { PDFDocument, StandardFonts } from 'pdf-lib'
import { formatInZone, type DatePreferences } from '#server/dates/tenant-dates'
import { GREY, PageWriter } from '#server/forms/render-submission-pdf'

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
}

/**
 * The activity report of one contact: the organisation, the contact's details, then every
 * entry of the activity log with its date and time in the organisation's zone. Characters the
 * PDF's font lacks are folded or replaced as in the form copies (PageWriter).
 */
export async function renderActivityReportPdf(input: ActivityReportInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const title = `Activity report: ${input.contactName}`
  pdf.setTitle(title)
  pdf.setProducer('Studio Platform')
  pdf.setCreator(input.organisationName)
  pdf.setCreationDate(input.generatedAt)
  pdf.setModificationDate(input.generatedAt)
  const writer = new PageWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold))

  writer.text(input.organisationName, { size: 10, color: GREY })
  writer.text('Activity report', { size: 18, font: 'bold', gapAfter: 2 })
  writer.text(input.contactName, { size: 14, font: 'bold', gapAfter: 4 })
  writer.text(`Generated ${formatInZone(input.generatedAt, input.dates, 'dateTimeZone')}`, { size: 10, color: GREY, gapAfter: 14 })

  writer.text('Details', { size: 13, font: 'bold', gapAfter: 6 })
  for (const detail of input.details) {
    writer.text(detail.label, { size: 9, font: 'bold', color: GREY })
    writer.text(detail.value, { size: 11, gapAfter: 6 })
  }

  writer.text('Activity', { size: 13, font: 'bold', gapBefore: 10, gapAfter: 6 })
  if (input.activities.length === 0) writer.text('No activity recorded yet.', { size: 11 })
  for (const activity of input.activities) {
    writer.keepTogether(writer.heightOf('x', { size: 9 }) + writer.heightOf(activity.text, { size: 11, gapAfter: 6 }))
    writer.text(formatInZone(activity.at, input.dates, 'dateTime'), { size: 9, font: 'bold', color: GREY })
    writer.text(activity.text, { size: 11, gapAfter: 6 })
  }
  if (input.truncated) writer.text('Older entries are not included in this report.', { size: 9, color: GREY, gapBefore: 6 })
  if (writer.replacedCharacters) {
    writer.text("Some characters could not be printed in this PDF's font and are shown as '?'.", { size: 8, color: GREY, gapBefore: 10 })
  }
  return pdf.save({ useObjectStreams: false })
}
