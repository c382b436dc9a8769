/** The columns an invoice keeps of the contact it is addressed to, as the contact reads when it is written (cut to the invoice's limits). */
export function invoiceAddressee(contact: { first_name: string; last_name: string; email: string | null; phone: string | null }) {
  return {
    first_name: contact.first_name.slice(0, 100),
    last_name: contact.last_name.slice(0, 100),
    email: (contact.email ?? '').slice(0, 254),
    phone: contact.phone,
  }
}
