// Plain strings only: the invoice pages' components import these into the browser build.

/** The page of an invoice's PDF: GET shows how it is coming along, POST asks for it. */
export function invoicePdfPath(guid: string): string {
  return `/invoices/${guid}/pdf`
}

/** The finished PDF itself (invoice-0042.pdf). */
export function invoicePdfDownloadPath(guid: string): string {
  return `${invoicePdfPath(guid)}/download`
}
