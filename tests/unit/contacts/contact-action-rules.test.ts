import { maskEmail } from '#server/auth/email-verification'
import { activityReportFileName, activityReportKey } from '#server/contacts/activity-report/activity-report-file'
import { contactDisplayName } from '#server/contacts/actions/action-target'
import { CONTACT_EMAIL_MESSAGES, contactEmailSchema } from '#server/contacts/actions/contact-email-schema'
import { isFileKey } from '#server/files/file-store'

describe('the contact actions rules', () => {
  it.each([
    ['jose.garcia@example.test', 'jo***@example.test'],
    ['a@example.test', 'a***@example.test'],
    ['not-an-email', '***'],
    ['@example.test', '***'],
  ])('masks %s as %s on the verification page', (email, masked) => {
    expect(maskEmail(email)).toBe(masked)
  })

  it.each([
    ['Zoë Müller', 'Activity report - Zoë Müller.pdf'],
    ['a/b\\c:d*e?"f<g>h|i', 'Activity report - a b c d e f g h i.pdf'],
    ['   ', 'Activity report - contact.pdf'],
  ])('names the report of %j for saving: %s', (name, fileName) => {
    expect(activityReportFileName(name)).toBe(fileName)
  })

  it('names the report in the language of whoever downloads it', () => {
    expect(activityReportFileName('Zoë Müller', 'tr')).toBe('Etkinlik raporu - Zoë Müller.pdf')
    expect(activityReportFileName('  ', 'tr')).toBe('Etkinlik raporu - kişi.pdf')
  })

  it('keeps each report at a key the file store accepts, fixed by the report', () => {
    const key = activityReportKey('0E8A3C1B-1D2E-4F50-9A6B-7C8D9E0F1A2B')
    expect(key).toBe('contact-activity-reports/0e8a3c1b-1d2e-4f50-9a6b-7c8d9e0f1a2b.pdf')
    expect(isFileKey(key)).toBe(true)
  })

  it.each([
    ['Ada', 'Lovelace', 'ada@example.test', 'Ada Lovelace'],
    ['', '', 'ada@example.test', 'ada@example.test'],
    ['', '', null, 'This contact'],
  ])('shows %j %j (%j) as %j', (first, last, email, shown) => {
    expect(contactDisplayName(first, last, email)).toBe(shown)
  })

  it.each([
    [{ subject: ' Hello ', message: 'Hi\r\nthere' }, { subject: 'Hello', message: 'Hi\nthere' }, null],
    [{ subject: '', message: 'Hi' }, null, { subject: [CONTACT_EMAIL_MESSAGES.subjectRequired] }],
    [{ subject: 'Hi\nBcc: x@y.test', message: 'Hi' }, null, { subject: [CONTACT_EMAIL_MESSAGES.subjectOneLine] }],
    [{ subject: 'x'.repeat(201), message: ' \n ' }, null, { subject: [CONTACT_EMAIL_MESSAGES.subjectTooLong], message: [CONTACT_EMAIL_MESSAGES.messageRequired] }],
    [{ subject: 'Hi', message: 'y'.repeat(10_001) }, null, { message: [CONTACT_EMAIL_MESSAGES.messageTooLong] }],
    [{}, null, { subject: [CONTACT_EMAIL_MESSAGES.subjectRequired], message: [CONTACT_EMAIL_MESSAGES.messageRequired] }],
  ])('checks the email form %#', (input, value, errors) => {
    const parsed = contactEmailSchema.safeParse(input)
    if (value) {
      expect(parsed.success && parsed.data).toEqual(value)
      return
    }
    expect(parsed.success).toBe(false)
    expect(parsed.error?.flatten().fieldErrors).toEqual(errors)
  })
})
