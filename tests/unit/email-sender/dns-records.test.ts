import { createPublicKey } from 'node:crypto'
import { DKIM_KEY_BITS, generateDkimKeyPair } from '#server/email-sender/dkim-key'
import { joinTxtChunks, senderDnsRecords, senderDomain, txtMatches } from '#server/email-sender/dns-records'

describe("a sender domain's DNS records", () => {
  it.each([
    ['hello@Sunrise.Test', 'sunrise.test'],
    ['  a.b@mail.example.co.uk ', 'mail.example.co.uk'],
    ['no-at-sign', null],
    ['a@localhost', null],
    ['a@@b.test', null],
  ])('takes the domain of %s', (email, domain) => {
    expect(senderDomain(email)).toBe(domain)
  })

  it('builds the verification, DKIM, SPF and DMARC records', () => {
    const records = senderDnsRecords({ domain: 'sunrise.test', selector: 'studio1', publicKeyBase64: 'QUJD', verificationToken: 'tok123' })
    expect(records.map(({ name, type, value, required }) => ({ name, type, value, required }))).toEqual([
      { name: '_studio-verification.sunrise.test', type: 'TXT', value: 'studio-verification=tok123', required: true },
      { name: 'studio1._domainkey.sunrise.test', type: 'TXT', value: 'v=DKIM1; k=rsa; p=QUJD', required: true },
      { name: 'sunrise.test', type: 'TXT', value: 'v=spf1 mx a ~all', required: false },
      { name: '_dmarc.sunrise.test', type: 'TXT', value: 'v=DMARC1; p=none; rua=mailto:postmaster@sunrise.test', required: false },
    ])
  })

  it('generates a 2048-bit RSA key whose public half is the p= value', () => {
    const keys = generateDkimKeyPair()
    expect(keys.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/)
    const publicKey = createPublicKey({ key: Buffer.from(keys.publicKeyBase64, 'base64'), format: 'der', type: 'spki' })
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(DKIM_KEY_BITS)
  })

  it('matches a published TXT value split into 255-character strings, with or without spaces after ;', () => {
    const expected = `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`
    const published = joinTxtChunks([expected.slice(0, 255), expected.slice(255)])
    expect(txtMatches(published, expected)).toBe(true)
    expect(txtMatches(published.replace(/; /g, ';'), expected)).toBe(true)
    expect(txtMatches(`${expected}B`, expected)).toBe(false)
  })
})
