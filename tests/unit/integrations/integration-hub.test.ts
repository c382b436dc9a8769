import { integrationHubCards, isEmailConfigured, isEmailConnected, isMeetingIntegrated, isSmsIntegrated } from '#server/integrations/integration-hub'
import type { PaymentProvidersScreen } from '#server/payments/payment-provider-screen'

const keys = (isIntegrated: boolean) => ({ isSaved: isIntegrated, isIntegrated, isTestMode: false, apiKey: '', testApiKey: '', hasSecretKey: false, hasTestSecretKey: false, saltIndex: '' })

function payments(integrated: { stripe?: boolean; pspring?: boolean; razorpay?: boolean; phonepe?: boolean } = {}): PaymentProvidersScreen {
  return {
    stripe: { isConfigured: true, isIntegrated: integrated.stripe ?? false, isConnected: integrated.stripe ?? false, accountName: null, accountId: null },
    keys: {
      PSPRING: { provider: 'PSPRING', ...keys(integrated.pspring ?? false) },
      RAZORPAY: { provider: 'RAZORPAY', ...keys(integrated.razorpay ?? false) },
      PHONEPE: { provider: 'PHONEPE', ...keys(integrated.phonepe ?? false) },
    },
    active: null,
  }
}

describe('the integrations hub', () => {
  it('says integrated as the spec does: meetings for zoom or googlemeet, email for true or "true", SMS for twilio or plivo', () => {
    expect(isMeetingIntegrated(['zoom'])).toBe(true)
    expect(isMeetingIntegrated(['googlemail', 'googlemeet'])).toBe(true)
    expect(isMeetingIntegrated(['googlemail'])).toBe(false)
    expect(isEmailConnected(true)).toBe(true)
    expect(isEmailConnected('true')).toBe(true)
    expect(isEmailConnected('false')).toBe(false)
    expect(isEmailConnected(undefined)).toBe(false)
    expect(isSmsIntegrated('twilio')).toBe(true)
    expect(isSmsIntegrated('plivo')).toBe(true)
    expect(isSmsIntegrated('nexmo')).toBe(false)
    expect(isSmsIntegrated(null)).toBe(false)
  })

  it("groups the spec's cards with their destinations and texts", () => {
    const cards = integrationHubCards(payments())
    expect(cards.map((card) => [card.group, card.name, card.href])).toEqual([
      ['Payments', 'Stripe', '/oauth/stripe'],
      ['Payments', 'Nelnet', '/settings/integrations/paymentprovider?provider=1'],
      ['Payments', 'Razorpay', '/settings/integrations/paymentprovider?provider=3'],
      ['Payments', 'PhonePe', '/settings/integrations/paymentprovider?provider=4'],
      ['SMS Marketing', 'Twilio', '/settings/integrations/twilio'],
      ['SMS Marketing', 'Plivo', '/settings/integrations/plivo'],
      ['Campaign', 'Mailchimp', '/settings/integrations/mailchimp'],
      ['Campaign', 'Email Campaigns', '/settings/integrations/ses'],
      ['Communication', 'Online Meeting', '/oauth/omeeting'],
      ['Email', 'Connect email', '/settings/integrations/emails'],
    ])
    expect(cards.find((card) => card.key === 'razorpay')?.text).toBe('INR, from 2%')
    expect(cards.filter((card) => card.isIntegrated)).toEqual([])
  })

  it('checks each payment provider the studio has integrated; a connected Stripe leads to its page rather than to Connect again', () => {
    const cards = integrationHubCards(payments({ stripe: true, razorpay: true }), { oauthProviders: ['zoom'], campaignIsConnected: 'true', campaignVerificationStatus: 'verified', smsProvider: 'plivo', mailingListConfigured: true, emailIsConnected: true })
    expect(cards.filter((card) => card.isIntegrated).map((card) => card.name)).toEqual(['Stripe', 'Razorpay', 'Plivo', 'Mailchimp', 'Email Campaigns', 'Online Meeting', 'Connect email'])
    expect(cards[0]?.href).toBe('/settings/integrations/paymentprovider?provider=2')
  })

  it('checks the SMS card of the provider the studio set up', () => {
    const integrated = (smsProvider: string | null) =>
      integrationHubCards(payments(), { oauthProviders: [], campaignIsConnected: false, smsProvider })
        .filter((card) => card.group === 'SMS Marketing' && card.isIntegrated)
        .map((card) => card.name)
    expect(integrated('twilio')).toEqual(['Twilio'])
    expect(integrated('plivo')).toEqual(['Plivo'])
    expect(integrated(null)).toEqual([])
  })

  it.each([
    [true, 'verified', true],
    ['true', 'verified', true],
    [true, 'pending', false],
    [false, 'verified', false],
    [true, 'disconnect', false],
    [true, null, false],
  ])('checks Email Campaigns only when connected (%s) and verified (%s)', (isConnected, status, integrated) => {
    expect(isEmailConfigured(isConnected, status)).toBe(integrated)
    const card = integrationHubCards(payments(), { oauthProviders: [], campaignIsConnected: isConnected, campaignVerificationStatus: status, smsProvider: null }).find((c) => c.key === 'campaigns')
    expect(card?.isIntegrated).toBe(integrated)
  })
})
