import { describe, expect, it } from 'vitest'
import { ONBOARDING_MESSAGES, onboardingCountryOf, readBusinessInformation, readBusinessProfile, readProducts, stepToShow } from '#server/onboarding/onboarding-steps'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe('onboarding steps', () => {
  it('shows the asked step only when it is not past the saved one', () => {
    expect(stepToShow(0, null)).toBe(0)
    expect(stepToShow(1, '2')).toBe(1)
    expect(stepToShow(2, '0')).toBe(0)
    expect(stepToShow(2, 'x')).toBe(2)
    expect(stepToShow(2, '-1')).toBe(2)
    expect(stepToShow(2, '1.5')).toBe(2)
  })

  it('takes the business type and size only from their lists', () => {
    expect(readBusinessProfile(form({ businessType: 'non-profit', businessSize: 'Other', businessReferer: '  Search  ' }))).toEqual({
      ok: true,
      value: { businessType: 'non-profit', businessSize: 'Other', businessReferer: 'Search' },
    })
    const refused = readBusinessProfile(form({ businessType: '', businessSize: '7' }))
    expect(refused).toMatchObject({ ok: false, message: ONBOARDING_MESSAGES.missingFields, details: { fieldErrors: { businessType: [ONBOARDING_MESSAGES.businessType], businessSize: [ONBOARDING_MESSAGES.businessSize] } } })
  })

  it("lays the phone into the country's mask and keeps the country's dial code and name", () => {
    expect(readBusinessInformation(form({ name: 'Studio', country: 'USA', timezone: 'America/Chicago', phone: '(555) 010 0199', website: '' }))).toEqual({
      ok: true,
      value: { name: 'Studio', settings: { phone: '555-010-0199', country: 'United States', dialCode: '+1', timezone: 'America/Chicago', website: '' } },
    })
  })

  it('refuses a country outside onboarding, a zone of another country and an empty phone, with the alert over the form', () => {
    const refused = readBusinessInformation(form({ name: '', country: 'GBR', timezone: 'Europe/London', phone: '' }))
    expect(refused.ok).toBe(false)
    if (refused.ok) return
    expect(refused.message).toBe(ONBOARDING_MESSAGES.missingFields)
    expect(Object.keys(refused.details.fieldErrors).sort()).toEqual(['country', 'name', 'phone', 'timezone'])
    expect(refused.details.fieldErrors.phone).toEqual([ONBOARDING_MESSAGES.phoneRequired])
  })

  it('refuses a website that is no address', () => {
    const refused = readBusinessInformation(form({ name: 'Studio', country: 'USA', timezone: 'America/Chicago', phone: '5550100199', website: 'not a site' }))
    expect(refused).toMatchObject({ ok: false, details: { fieldErrors: { website: [ONBOARDING_MESSAGES.website] } } })
  })

  it('keeps Courses on whatever is posted', () => {
    expect(readProducts(form({ events: 'on', courses: '' }))).toEqual({
      isShowCourses: true,
      isShowScheduleMenu: false,
      isShowEventsMenu: true,
      isShowAssessment: false,
      isShowDonationMenu: false,
      isShowMerchandiseMenu: false,
    })
  })

  it('reads the onboarding country from the stored settings, the USA by default', () => {
    expect(onboardingCountryOf({ country: 'India', dialCode: '+1' }).code).toBe('IND')
    expect(onboardingCountryOf({ country: 'Mars', dialCode: '+91' }).code).toBe('IND')
    expect(onboardingCountryOf({ country: 'Mars', dialCode: '+7' }).code).toBe('USA')
  })
})
