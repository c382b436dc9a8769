import type { MxLookup } from '#server/email-sender/dns-lookup'
import { domainOfAddress, identifyEmailProvider, providerOfMxHost, providerOfMxHosts } from '#server/connected-emails/mx-provider'

describe('the mail provider of an MX host (settings spec: googlemail, zohomail, outlookmail or other)', () => {
  it.each([
    ['gmail-smtp-in.l.google.com', 'googlemail'],
    ['aspmx.l.google.com.', 'googlemail'],
    ['ALT1.ASPMX.L.GOOGLE.COM', 'googlemail'],
    ['smtp.googlemail.com', 'googlemail'],
    ['aspmx2.googlemail.com', 'googlemail'],
    ['mx.zoho.com', 'zohomail'],
    ['mx2.zoho.eu', 'zohomail'],
    ['mx.zoho.in', 'zohomail'],
    ['mx3.zoho.com.au', 'zohomail'],
    ['mx.zohomail.com', 'zohomail'],
    ['studio-test.mail.protection.outlook.com', 'outlookmail'],
    ['hotmail-com.olc.protection.outlook.com', 'outlookmail'],
    ['mx1.hotmail.com', 'outlookmail'],
    ['outlook.com', 'outlookmail'],
    ['mx1.mail.yahoo.com', 'other'],
    ['mx.fastmail.com', 'other'],
    ['google.com.evil.test', 'other'],
    ['notgoogle.com', 'other'],
    ['zoho.example.test', 'other'],
    ['outlook.com.example.test', 'other'],
    ['', 'other'],
  ])('%s is %s', (host, provider) => {
    expect(providerOfMxHost(host)).toBe(provider)
  })

  it('goes by the host mail goes to first', () => {
    expect(providerOfMxHosts(['mx.zoho.com', 'aspmx.l.google.com'])).toBe('zohomail')
    expect(providerOfMxHosts(['filter.mimecast.test', 'aspmx.l.google.com'])).toBe('other')
    expect(providerOfMxHosts([])).toBe('other')
  })

  it.each([
    ['person@Studio.Test', 'studio.test'],
    ['a@b@gmail.com', 'gmail.com'],
    ['no-at-sign', null],
    ['@gmail.com', null],
    ['person@localhost', null],
    ['person@bad_domain.test', null],
  ])('the domain of %s is %s', (address, domain) => {
    expect(domainOfAddress(address)).toBe(domain)
  })

  it('asks the resolver for the domain, and says when it cannot answer', async () => {
    const asked: string[] = []
    const answering = (lookup: MxLookup) => ({
      resolveMx: async (domain: string) => {
        asked.push(domain)
        return lookup
      },
    })
    expect(await identifyEmailProvider(undefined, 'me@studio.test', answering({ kind: 'found', hosts: ['studio-test.mail.protection.outlook.com'] }))).toEqual({ kind: 'identified', provider: 'outlookmail' })
    expect(await identifyEmailProvider(undefined, 'me@nomail.test', answering({ kind: 'absent' }))).toEqual({ kind: 'identified', provider: 'other' })
    expect(await identifyEmailProvider(undefined, 'me@down.test', answering({ kind: 'unavailable', reason: 'ETIMEOUT' }))).toEqual({ kind: 'unavailable' })
    expect(await identifyEmailProvider(undefined, 'not an address', answering({ kind: 'found', hosts: ['aspmx.l.google.com'] }))).toEqual({ kind: 'identified', provider: 'other' })
    expect(asked).toEqual(['studio.test', 'nomail.test', 'down.test'])
  })
})
