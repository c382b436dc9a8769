import { readTenantSettings, tenantSettingsSchema } from '#server/tenancy/tenant-settings'

const defaults = tenantSettingsSchema.parse({})

describe('readTenantSettings', () => {
  it.each([
    ['an empty document', {}],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'not a document'],
    ['a number', 42],
    ['an array', [1, 2, 3]],
    ['true', true],
  ])('reads %s as the defaults', (_label, stored) => {
    expect(readTenantSettings(stored)).toEqual(defaults)
  })

  it('has the defaults a new tenant starts with', () => {
    expect(defaults).toMatchObject({
      country: 'United States',
      timezone: 'America/New_York',
      defaultCurrency: 'USD',
      supportedCurrencies: ['USD', 'INR'],
      address: { line1: '', city: '', state: '', zip: '' },
      logoWidth: null,
      logoHeight: 75,
      isShowFooter: true,
      isNewTenant: false,
      isShowCourses: true,
      isSupportGrn: false,
      registerButtonLabel: 'Register',
      buyButtonLabel: 'Buy',
      workshopLabel: 'Workshop',
      scheduleLabel: 'Schedule',
      promotionLabel: 'Promotion',
      taxPercent: 0,
    })
  })

  it('keeps every valid stored value', () => {
    const stored = {
      email: 'hello@demo.test',
      country: 'India',
      defaultCurrency: 'INR',
      supportedCurrencies: ['INR'],
      address: { line1: '12 Market Street', city: 'Springfield', state: 'IL', zip: '62701' },
      logoWidth: 120,
      isShowFooter: false,
      taxPercent: 7.5,
    }
    expect(readTenantSettings(stored)).toMatchObject(stored)
  })

  it('drops keys the schema does not know', () => {
    const settings = readTenantSettings({ email: 'a@b.test', stripeSecretKey: 'sk_live_x' }) as Record<string, unknown>
    expect(settings.email).toBe('a@b.test')
    expect(settings).not.toHaveProperty('stripeSecretKey')
  })

  it('repairs damaged fields one by one and keeps the rest', () => {
    const settings = readTenantSettings({
      email: 'hello@demo.test',
      phone: 5550100,
      isShowFooter: 'yes',
      taxPercent: 250,
      logoHeight: -3,
      timezone: 'Europe/Istanbul',
      title: 'x'.repeat(2001),
    })
    expect(settings.email).toBe('hello@demo.test')
    expect(settings.timezone).toBe('Europe/Istanbul')
    expect(settings.phone).toBe(defaults.phone)
    expect(settings.isShowFooter).toBe(true)
    expect(settings.taxPercent).toBe(0)
    expect(settings.logoHeight).toBe(75)
    expect(settings.title).toBe('')
  })

  it('repairs a damaged field inside a nested group without losing its valid neighbours', () => {
    const settings = readTenantSettings({
      address: { line1: 12, city: 'Springfield', state: 'IL', zip: '62701' },
      socials: { facebook: 'https://facebook.com/demo', instagram: false },
    })
    expect(settings.address).toEqual({ line1: '', line2: '', city: 'Springfield', state: 'IL', zip: '62701' })
    expect(settings.socials).toEqual({ facebook: 'https://facebook.com/demo', linkedin: '', instagram: '', twitter: '' })
  })

  it('falls back to the default for a damaged list or a group that is not an object', () => {
    const settings = readTenantSettings({ supportedCurrencies: ['USD', 'EURO'], address: 'Main Street', email: 'a@b.test' })
    expect(settings.supportedCurrencies).toEqual(defaults.supportedCurrencies)
    expect(settings.address).toEqual(defaults.address)
    expect(settings.email).toBe('a@b.test')
  })

  it('never throws, whatever is stored', () => {
    const odd: unknown[] = [
      { address: null },
      { address: [] },
      { socials: { facebook: { nested: true } } },
      { supportedCurrencies: 'USD' },
      { logoWidth: Number.NaN },
      Object.create(null),
    ]
    for (const stored of odd) expect(() => readTenantSettings(stored)).not.toThrow()
  })
})
