/** How a contact is named on screen: the full name, else the email, else a dash. */
export function displayNameOf(contact: { first_name: string; last_name: string; email: string | null }): string {
  return `${contact.first_name} ${contact.last_name}`.trim() || contact.email || '-'
}

/** The letters of the avatar a contact without a picture gets (the same as the contacts list's). */
export function initialsOf(firstName: string, lastName: string, email: string | null): string {
  const letters = [firstName, lastName].map((part) => Array.from(part.trim())[0] ?? '').join('')
  return (letters || Array.from(email ?? '?')[0] || '?').toUpperCase()
}
