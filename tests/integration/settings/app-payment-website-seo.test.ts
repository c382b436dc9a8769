import { action as paymentAction, loader as paymentLoader } from '#app/routes/_admin+/settings+/paccount'
import { action as seoAction, loader as seoLoader } from '#app/routes/_admin+/settings+/seosetting'
import { action as appAction, loader as appLoader } from '#app/routes/_admin+/settings+/studentapp'
import { action as websiteAction, loader as websiteLoader } from '#app/routes/_admin+/settings+/website'
import { siteIdentityFor } from '#server/website/site-identity'
import { updateTenant } from '#server/settings/update-tenant'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, type RouteFunction, type RouteOutcome, toastOf } from '#tests/support/route-call'
import { contextOf, createSettingsWorld, form, freshTenant, get, PNG_BYTES, post, snapshotTenant, type SettingsWorld } from './settings-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
type Action = RouteFunction

describe(`Student App, Payment, Website and SEO settings (${engine})`, () => {
  let platform: TestPlatform
  let world: SettingsWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createSettingsWorld(platform, 'screens')
  })
  afterAll(() => platform.close())

  const send = async (fn: unknown, path: string, entries: Record<string, string | string[] | Blob>, cookie = world.cookies.admin): Promise<RouteOutcome> =>
    callRoute(fn as Action, post(world.host, path, form(entries), cookie), await contextOf(platform, world.tenant))
  const view = async (fn: unknown, path: string) =>
    (await callRoute(fn as Action, get(world.host, path, world.cookies.admin), await contextOf(platform, world.tenant))).body as { values: Record<string, unknown>; apiKey?: string }
  const refuses = async (fn: unknown, path: string, entries: Record<string, string | string[] | Blob>, errors: Record<string, string[]>) => {
    const before = await snapshotTenant(platform, world.tenant)
    const outcome = await send(fn, path, entries)
    expect(outcome.status).toBe(400)
    expect(outcome.body).toMatchObject({ formError: 'Invalid Form!', fieldErrors: errors })
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
  }

  describe('Student App', () => {
    // The image inputs always post the current address (hidden), '' when there is none.
    const labels = { 'root[appLabel1]': 'Courses', 'root[appLabel2]': 'Timetable', 'root[appLabel3]': 'Files', 'root[appLabel4]': 'More', 'root[appPrimaryColor]': '#12AB34', 'root[appWelcomeImage1]': '', 'root[appWelcomeImage2]': '', 'root[appWelcomeImage3]': '' }

    it("shows a stored '4d8dfc' as '#4d8dfc'", async () => {
      await updateTenant(platform, world.tenant, { settings: { appPrimaryColor: '4d8dfc' } })
      expect((await view(appLoader, '/settings/studentapp')).values.appPrimaryColor).toBe('#4d8dfc')
    })

    it('saves the labels, the colour the product way, and a cover image', async () => {
      const outcome = await send(appAction, '/settings/studentapp', { intent: 'studentapp', ...labels, 'upload[appWelcomeImage2]': new File([PNG_BYTES], 'cover.png') })
      expect(outcome.status).toBe(302)
      expect(toastOf(outcome)?.message).toBe('Successfully updated Settings.')
      const s = (await freshTenant(platform, world.tenant)).settings
      expect(s).toMatchObject({ appLabel2: 'Timetable', appLabel4: 'More', appPrimaryColor: '12ab34', appWelcomeImage1: '' })
      expect(s.appWelcomeImage2).toMatch(/^\/uploads\/.+\.png$/)
    })

    it.each([
      ['appLabel1', 'Course Menu Label is required!'],
      ['appLabel2', 'Schedule Menu Label is required!'],
      ['appLabel3', 'Myfiles Menu Label is required!'],
      ['appLabel4', 'Other is required!'],
      ['appPrimaryColor', 'Primary Color is required!'],
    ])('refuses a blank %s: %s', async (field, message) => {
      await refuses(appAction, '/settings/studentapp', { intent: 'studentapp', ...labels, [`root[${field}]`]: '' }, { [field]: [message] })
    })

    it('refuses a cover image that is not an image, together with the other problems', async () => {
      await refuses(
        appAction,
        '/settings/studentapp',
        { intent: 'studentapp', ...labels, 'root[appLabel1]': '', 'upload[appWelcomeImage1]': new File(['GIF? no'], 'cover.gif') },
        { appLabel1: ['Course Menu Label is required!'], appWelcomeImage1: ['Only PNG, JPEG, GIF or WebP images can be uploaded.'] },
      )
    })
  })

  describe('Payment Settings', () => {
    const valid = { intent: 'paccount', 'root[defaultCurrency]': 'EUR', 'root[supportedCurrencies][]': ['USD', 'EUR'], 'root[taxLabel1]': 'VAT', 'root[taxValue1]': '7.5', 'root[cardFees]': '2.9', 'root[invoiceNote]': 'Thank you!' }

    it('saves currencies, tax and fees as percentages and the note', async () => {
      const outcome = await send(paymentAction, '/settings/paccount', valid)
      expect(outcome.status).toBe(302)
      expect(toastOf(outcome)?.message).toBe('Tenant updated')
      expect((await freshTenant(platform, world.tenant)).settings).toMatchObject({
        defaultCurrency: 'EUR', supportedCurrencies: ['USD', 'EUR'], taxLabel1: 'VAT', taxValue1: 7.5, taxPercent: 7.5, cardFees: 2.9, invoiceNote: 'Thank you!',
      })
      expect((await view(paymentLoader, '/settings/paccount')).values.defaultCurrency).toBe('EUR')
    })

    it('always offers USD and INR as the default currency', async () => {
      expect((await send(paymentAction, '/settings/paccount', { ...valid, 'root[defaultCurrency]': 'INR', 'root[supportedCurrencies][]': ['EUR'] })).status).toBe(302)
    })

    it.each([
      ['no default currency', { 'root[defaultCurrency]': '' }, { defaultCurrency: ['Default Currency is required!'] }],
      ['a default currency that is not supported', { 'root[defaultCurrency]': 'GBP' }, { defaultCurrency: ['The default currency must be USD, INR or one of the supported currencies.'] }],
      ['an unknown currency', { 'root[supportedCurrencies][]': ['USD', 'XXX'] }, { 'supportedCurrencies.1': ['Choose one of the listed options for Supported Currencies'] }],
      ['a tax over 100%', { 'root[taxValue1]': '101' }, { taxValue1: ['Tax Value (%) must be at most 100'] }],
      ['card fees that are not a number', { 'root[cardFees]': '2,9%' }, { cardFees: ['Card Fees (%) must be a number'] }],
      ['an invoice note of 256 characters', { 'root[invoiceNote]': 'n'.repeat(256) }, { invoiceNote: ['Invoice note can be at most 255 characters'] }],
    ])('refuses %s', async (_label, change, errors) => {
      await refuses(paymentAction, '/settings/paccount', { ...valid, ...change }, errors)
    })
  })

  describe('Website Settings', () => {
    const valid = {
      intent: 'website',
      'root[favIcon]': '',
      'root[logo]': '',
      'root[logoWidth]': '180',
      'root[logoHeight]': '75',
      'root[title]': 'Lotus Yoga Austin',
      'root[seoDescription]': 'Yoga in Austin.',
      'root[pageScript]': '<script>console.log(1)</script>',
      'root[headerColor]': '#102030',
      'root[twitter]': 'https://twitter.com/lotus',
      'root[facebook]': '',
      'root[instagram]': 'https://instagram.com/lotus',
      'root[linkedin]': '',
      'root[footerInfo]': '<p>Visit <a href="https://lotus.test" target="_blank">us</a><script>alert(1)</script><img src=x onerror=alert(1)></p>',
      'root[googleReviewLink]': 'https://g.page/r/lotus',
    }

    it('refuses a footer that no longer fits once made safe, and keeps neither it nor the uploaded icon', async () => {
      // 1,990 ampersands pass the form's 2,000 characters; made safe they are 9,950.
      const before = await snapshotTenant(platform, world.tenant)
      const outcome = await send(websiteAction, '/settings/website', { ...valid, 'root[footerInfo]': '&'.repeat(1990), 'upload[favIcon]': new File([PNG_BYTES], 'icon.png') })
      expect(outcome.status).toBe(400)
      expect(outcome.body).toMatchObject({ formError: 'Invalid Form!', fieldErrors: { footerInfo: ['The footer is too long: keep it under 2000 characters of formatted text'] } })
      expect(await snapshotTenant(platform, world.tenant)).toBe(before)
    })

    it('saves the branding, sanitises the footer and the public site uses it at once', async () => {
      const outcome = await send(websiteAction, '/settings/website', { ...valid, 'root[hideFooter]': 'true', 'upload[favIcon]': new File([PNG_BYTES], 'icon.png') })
      expect(outcome.status).toBe(302)
      expect(toastOf(outcome)?.message).toBe('Successfully updated settings.')
      const tenant = await freshTenant(platform, world.tenant)
      expect(tenant.settings).toMatchObject({
        logoWidth: 180, logoHeight: 75, title: 'Lotus Yoga Austin', headerColor: '102030', isShowFooter: false,
        socials: { twitter: 'https://twitter.com/lotus', facebook: '', instagram: 'https://instagram.com/lotus', linkedin: '' },
        footerInfo: '<p>Visit <a href="https://lotus.test" target="_blank" rel="noopener noreferrer">us</a></p>',
        pageScript: '<script>console.log(1)</script>',
      })
      const site = siteIdentityFor(tenant)
      expect(site).toMatchObject({ title: 'Lotus Yoga Austin', headerColor: '#102030', description: 'Yoga in Austin.' })
      expect(site.faviconUrl).toMatch(/^\/uploads\/.+\.png$/)
      expect((await view(websiteLoader, '/settings/website')).values).toMatchObject({ hideFooter: true, headerColor: '#102030' })
    })

    it('empties a colour with its No colour box and removes an image with Remove', async () => {
      const favIcon = (await freshTenant(platform, world.tenant)).settings.favIcon
      const outcome = await send(websiteAction, '/settings/website', { ...valid, 'root[favIcon]': favIcon, 'clear[favIcon]': 'true', 'clear[headerColor]': 'true' })
      expect(outcome.status).toBe(302)
      expect((await freshTenant(platform, world.tenant)).settings).toMatchObject({ favIcon: '', headerColor: '', isShowFooter: true })
    })

    it.each([
      ['a social link that is not a link', { 'root[twitter]': 'twitter.com/lotus' }, { twitter: ['Enter a full link, starting with https://'] }],
      ['a javascript: review link', { 'root[googleReviewLink]': 'javascript:alert(1)' }, { googleReviewLink: ['Enter a full link, starting with https://'] }],
      ['a logo address that is not ours or https', { 'root[logo]': 'data:image/png;base64,AAAA' }, { logo: ['Upload an image file'] }],
      ['a logo height that is not a whole number', { 'root[logoHeight]': '75.5' }, { logoHeight: ['Logo Height (px) must be a whole number'] }],
      ['a colour that is not one', { 'root[headerColor]': 'blue' }, { headerColor: ['Enter a colour like #4d8dfc'] }],
      ['a footer longer than 2000 characters', { 'root[footerInfo]': `<p>${'x'.repeat(2100)}</p>` }, { footerInfo: ['The footer is too long: keep it under 2000 characters of formatted text'] }],
      ['an SEO description over 255 characters', { 'root[seoDescription]': 'd'.repeat(256) }, { seoDescription: ['SEO Page Description must be at most 255 characters'] }],
    ])("refuses %s with 'Invalid Form!'", async (_label, change, errors) => {
      await refuses(websiteAction, '/settings/website', { ...valid, ...change }, errors)
    })
  })

  describe('SEO settings', () => {
    it('saves keywords and description and goes back to Website Settings', async () => {
      const outcome = await send(seoAction, '/settings/seosetting', { intent: 'seosetting', 'root[seoKeywords]': 'yoga, austin', 'root[seoDescription]': 'Yoga classes in Austin.' })
      expect(outcome.status).toBe(302)
      expect(outcome.location).toBe('/settings/website')
      expect((await freshTenant(platform, world.tenant)).settings).toMatchObject({ seoKeywords: 'yoga, austin', seoDescription: 'Yoga classes in Austin.' })
    })

    it.each([
      ['seoKeywords', 'SEO Keywords can be at most 255 characters'],
      ['seoDescription', 'SEO Description can be at most 255 characters'],
    ])('refuses more than 255 characters of %s', async (field, message) => {
      await refuses(seoAction, '/settings/seosetting', { intent: 'seosetting', [`root[${field}]`]: 'k'.repeat(256) }, { [field]: [message] })
    })

    it('generates a new plugin API key with the refresh button', async () => {
      expect((await view(seoLoader, '/settings/seosetting')).apiKey).toBe('')
      expect((await send(seoAction, '/settings/seosetting', { intent: 'refresh-api-key' })).location).toBe('/settings/seosetting')
      expect((await view(seoLoader, '/settings/seosetting')).apiKey).toMatch(/^[A-Za-z0-9_-]{32}$/)
    })
  })

  it.each([
    ['/settings/studentapp', appAction, appLoader],
    ['/settings/paccount', paymentAction, paymentLoader],
    ['/settings/website', websiteAction, websiteLoader],
    ['/settings/seosetting', seoAction, seoLoader],
  ] as const)('%s gives staff, front desk and students a 403 and writes nothing', async (path, actionFn, loaderFn) => {
    const before = await snapshotTenant(platform, world.tenant)
    for (const who of ['staff', 'frontdesk', 'student'] as const) {
      expect((await send(actionFn, path, { intent: 'x' }, world.cookies[who])).status).toBe(403)
      expect((await callRoute(loaderFn as unknown as Action, get(world.host, path, world.cookies[who]), await contextOf(platform, world.tenant))).status).toBe(403)
    }
    expect(await snapshotTenant(platform, world.tenant)).toBe(before)
  })
})
