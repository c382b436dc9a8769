import { isValidHostname, normaliseHost, parseHost, type HostMatch } from '#server/tenancy/parse-host'

describe('normaliseHost', () => {
  it.each([
    ['demo.localhost:3000', 'demo.localhost'],
    ['Demo.LocalHost', 'demo.localhost'],
    ['  demo.localhost  ', 'demo.localhost'],
    ['demo.localhost.', 'demo.localhost'],
    ['demo.localhost.:3000', 'demo.localhost'],
    ['studio.example.com:443', 'studio.example.com'],
    ['127.0.0.1:8080', '127.0.0.1'],
    ['[::1]:3000', '[::1]'],
    ['[2001:DB8::1]', '[2001:db8::1]'],
    ['[::1', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j -> %j', (header, expected) => {
    expect(normaliseHost(header)).toBe(expected)
  })
})

describe('isValidHostname', () => {
  it.each([
    ['localhost', true],
    ['demo.localhost', true],
    ['a-b.example.com', true],
    ['x'.repeat(63) + '.com', true],
    ['x'.repeat(64) + '.com', false],
    [`${'a.'.repeat(126)}bc`, false],
    ['-demo.localhost', false],
    ['demo-.localhost', false],
    ['demo..localhost', false],
    ['demo_1.localhost', false],
    ['demo.localhost/evil', false],
    ['user@demo.localhost', false],
    ['127.0.0.1', false],
    ['', false],
  ])('%j -> %j', (host, expected) => {
    expect(isValidHostname(host)).toBe(expected)
  })
})

describe('parseHost', () => {
  const localhost = ['localhost']
  const cases: Array<[string | null | undefined, readonly string[], HostMatch]> = [
    // the bare platform host, with or without www and a port
    ['localhost', localhost, { kind: 'platform' }],
    ['localhost:3000', localhost, { kind: 'platform' }],
    ['www.localhost:3000', localhost, { kind: 'platform' }],
    ['LOCALHOST.', localhost, { kind: 'platform' }],
    // IP addresses are the bare platform (no tenant can own an address)
    ['127.0.0.1:3000', localhost, { kind: 'platform' }],
    ['10.0.0.5', localhost, { kind: 'platform' }],
    ['[::1]:3000', localhost, { kind: 'platform' }],
    // one subdomain of a platform domain is an org id
    ['demo.localhost:3000', localhost, { kind: 'subdomain', orgId: 'demo' }],
    ['Demo.Localhost', localhost, { kind: 'subdomain', orgId: 'demo' }],
    ['demo-east.localhost.', localhost, { kind: 'subdomain', orgId: 'demo-east' }],
    ['demo.studio.test', ['localhost', 'studio.test'], { kind: 'subdomain', orgId: 'demo' }],
    // nested subdomains name nothing
    ['a.demo.localhost', localhost, { kind: 'invalid' }],
    ['www.demo.localhost', localhost, { kind: 'invalid' }],
    // anything else is a custom domain to look up
    ['classes.example.com', localhost, { kind: 'custom', domain: 'classes.example.com' }],
    ['www.Example.com:8443', localhost, { kind: 'custom', domain: 'www.example.com' }],
    ['notlocalhost', localhost, { kind: 'custom', domain: 'notlocalhost' }],
    ['demolocalhost', localhost, { kind: 'custom', domain: 'demolocalhost' }],
    // garbage
    ['', localhost, { kind: 'invalid' }],
    [null, localhost, { kind: 'invalid' }],
    [undefined, localhost, { kind: 'invalid' }],
    ['demo..localhost', localhost, { kind: 'invalid' }],
    ['-demo.localhost', localhost, { kind: 'invalid' }],
    ['demo_x.localhost', localhost, { kind: 'invalid' }],
    ['evil.com/path', localhost, { kind: 'invalid' }],
    ['user@demo.localhost', localhost, { kind: 'invalid' }],
    ['demo.localhost:3000:4000', localhost, { kind: 'invalid' }],
    ['<script>', localhost, { kind: 'invalid' }],
    ['[::1', localhost, { kind: 'invalid' }],
    ['[not-an-address]:3000', localhost, { kind: 'invalid' }],
    ['x'.repeat(64) + '.localhost', localhost, { kind: 'invalid' }],
  ]

  it.each(cases)('%j on %j -> %j', (header, domains, expected) => {
    expect(parseHost(header, domains)).toEqual(expected)
  })

  it('prefers the longest platform domain when one platform domain is inside another', () => {
    // With eu.studio.test and studio.test both serving tenants, "demo.eu.studio.test" is the
    // tenant demo of eu.studio.test, and "eu.studio.test" itself is a bare platform host.
    for (const domains of [['studio.test', 'eu.studio.test'], ['eu.studio.test', 'studio.test']]) {
      expect(parseHost('demo.eu.studio.test', domains)).toEqual({ kind: 'subdomain', orgId: 'demo' })
      expect(parseHost('eu.studio.test', domains)).toEqual({ kind: 'platform' })
      expect(parseHost('www.eu.studio.test', domains)).toEqual({ kind: 'platform' })
      expect(parseHost('demo.studio.test', domains)).toEqual({ kind: 'subdomain', orgId: 'demo' })
    }
  })
})
