import type { PlainResponse } from '#tests/integration/http/http-client'

/** The address of an invoice a save redirected to, as its guid ('' when it did not). */
export function invoiceGuidOf(location: string | undefined): string {
  return /\/invoices\/([0-9a-f-]{36})$/.exec(location ?? '')?.[1] ?? ''
}

/**
 * A new staff invoice for a contact through the New invoice form's own post: a described line
 * of 25.00 × 2 unless `fields` say otherwise; answers the post's answer and the invoice's guid.
 */
export async function postStaffInvoice(
  post: (path: string, fields: Record<string, string>) => Promise<PlainResponse>,
  contactGuid: string,
  fields: Record<string, string> = {},
): Promise<{ answer: PlainResponse; guid: string }> {
  const answer = await post('/invoices/new', {
    intent: 'save',
    contact: contactGuid,
    'lines[0].choice': 'custom',
    'lines[0].description': 'Private lesson',
    'lines[0].price': '25.00',
    'lines[0].quantity': '2',
    note: 'Thanks',
    ...fields,
  })
  return { answer, guid: invoiceGuidOf(answer.headers.location) }
}
