/** The DNS records a sender domain publishes (shown on the wizard's step 2 and checked by the DNS job). */
export interface SenderDnsRecord {
  name: string
  type: 'TXT'
  value: string
  /** What the record is for, in the product's words. */
  purpose: 'verification' | 'dkim' | 'spf' | 'dmarc'
  /** Suggestions (SPF, DMARC) are shown but not required for verification. */
  required: boolean
}

export const VERIFICATION_TXT_PREFIX = 'studio-verification='

/** The domain of an email address, lower-cased; null when there is none. */
export function senderDomain(email: string): string | null {
  const match = /^[^\s@]+@([^\s@]+\.[^\s@]+)$/.exec(email.trim())
  return match ? match[1]!.toLowerCase().replace(/\.$/, '') : null
}

export function dkimRecordName(selector: string, domain: string): string {
  return `${selector}._domainkey.${domain}`
}

export function dkimRecordValue(publicKeyBase64: string): string {
  return `v=DKIM1; k=rsa; p=${publicKeyBase64}`
}

export function verificationRecordName(domain: string): string {
  return `_studio-verification.${domain}`
}

export function verificationRecordValue(token: string): string {
  return `${VERIFICATION_TXT_PREFIX}${token}`
}

export function senderDnsRecords(input: { domain: string; selector: string; publicKeyBase64: string; verificationToken: string }): SenderDnsRecord[] {
  const { domain } = input
  return [
    { name: verificationRecordName(domain), type: 'TXT', value: verificationRecordValue(input.verificationToken), purpose: 'verification', required: true },
    { name: dkimRecordName(input.selector, domain), type: 'TXT', value: dkimRecordValue(input.publicKeyBase64), purpose: 'dkim', required: true },
    { name: domain, type: 'TXT', value: 'v=spf1 mx a ~all', purpose: 'spf', required: false },
    { name: `_dmarc.${domain}`, type: 'TXT', value: `v=DMARC1; p=none; rua=mailto:postmaster@${domain}`, purpose: 'dmarc', required: false },
  ]
}

/** A TXT answer as DNS returns it (chunks of at most 255 characters per string) joined back into one value. */
export function joinTxtChunks(chunks: readonly string[]): string {
  return chunks.join('')
}

/** Whether a published TXT value carries the record's content; spaces around `;` do not matter. */
export function txtMatches(published: string, expected: string): boolean {
  const normalise = (value: string) => value.replace(/\s*;\s*/g, ';').replace(/;$/, '').trim()
  return normalise(published) === normalise(expected)
}
