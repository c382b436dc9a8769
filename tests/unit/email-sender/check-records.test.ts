import { checkRequiredRecords } from '#server/email-sender/check-records'
import { createTxtResolver } from '#server/email-sender/dns-lookup'
import { senderDnsRecords } from '#server/email-sender/dns-records'
import { startFakeDnsServer, type FakeDnsServer } from '#tests/fakes/dns-server'

describe('checking a sender domain through the configured DNS resolver', () => {
  let dns: FakeDnsServer
  beforeAll(async () => {
    dns = await startFakeDnsServer()
  })
  afterAll(() => dns.close())
  beforeEach(() => dns.clear())

  const records = senderDnsRecords({ domain: 'sunrise.test', selector: 'studio1', publicKeyBase64: 'K'.repeat(392), verificationToken: 'tok-1' })
  const publishAll = () => {
    for (const record of records) dns.setTxt(record.name, [record.value])
  }

  it('is missing every required record before the owner publishes them', async () => {
    const before = dns.questions()
    const check = await checkRequiredRecords(createTxtResolver(dns.address), records)
    expect(check).toEqual({ outcome: 'missing', missing: ['_studio-verification.sunrise.test', 'studio1._domainkey.sunrise.test'] })
    expect(dns.questions()).toBeGreaterThan(before)
  })

  it('is verified once they are published (the long DKIM key comes back in 255-character strings)', async () => {
    publishAll()
    expect(await checkRequiredRecords(createTxtResolver(dns.address), records)).toEqual({ outcome: 'verified' })
  })

  it('is missing again when a record is removed or changed later', async () => {
    publishAll()
    dns.setTxt('studio1._domainkey.sunrise.test', ['v=DKIM1; k=rsa; p=OTHER'])
    expect(await checkRequiredRecords(createTxtResolver(dns.address), records)).toEqual({ outcome: 'missing', missing: ['studio1._domainkey.sunrise.test'] })
    dns.remove('_studio-verification.sunrise.test')
    const check = await checkRequiredRecords(createTxtResolver(dns.address), records)
    expect(check.outcome).toBe('missing')
  })

  it('reports the resolver unavailable rather than missing when nothing answers', async () => {
    const check = await checkRequiredRecords(createTxtResolver('127.0.0.1:9'), records)
    expect(check.outcome).toBe('unavailable')
  })
})
