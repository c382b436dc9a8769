import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'

/** Where a report's PDF lives in the tenant's files: fixed by the report, so a retried job finds what it wrote. */
export function activityReportKey(reportId: string): string {
  return `contact-activity-reports/${reportId.toLowerCase()}.pdf`
}

/** 'Activity report - Zoë Müller.pdf' ('Etkinlik raporu - …'): the name the browser saves it under. */
export function activityReportFileName(contactName: string, language: Language = 'en'): string {
  const t = tFor(language, 'documents')
  const safe = contactName.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100)
  return t('activityReportFileName', { name: safe || t('activityReportFileNameFallback') })
}

/** How many log entries a report holds, newest first. */
export const ACTIVITY_REPORT_MAX_ENTRIES = 1000
