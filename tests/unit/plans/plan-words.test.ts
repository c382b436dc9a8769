import { CATALOG } from '#server/i18n/catalog'
import { PLAN_MESSAGES, PLAN_TIER_INFO, PLAN_TIERS } from '#server/plans/plan-catalogue'
import { keptCardIn, planDateIn, planNameIn, tierFeaturesIn, tierNameIn, transactionStatusIn } from '#server/plans/plan-words'

describe('the plan screens’ words', () => {
  it('keeps English as the spec writes it', () => {
    expect(planDateIn(new Date('2026-11-03T10:00:00Z'), 'en')).toBe('Nov 03, 2026')
    expect(planNameIn('organize_monthly_plan', 'en')).toBe('organize monthly plan')
    expect(planNameIn(null, 'en')).toBe('Free Plan')
    expect(tierNameIn('expand', 'en')).toBe('Growth')
    expect(keptCardIn('visa', '4242', 'en')).toBe('Visa ending 4242')
    expect(keptCardIn(null, '0005', 'en')).toBe('Card ending 0005')
    expect(transactionStatusIn('Completed', 'en')).toBe('Completed')
    for (const tier of PLAN_TIERS) expect(tierFeaturesIn(tier, 'en')).toEqual(PLAN_TIER_INFO[tier].features)
    // The confirmations drawn from the catalog are the messages' own words.
    expect(CATALOG.en.settings.freeConfirm).toBe(PLAN_MESSAGES.freeConfirm)
    expect(CATALOG.en.settings.notConfigured).toBe(PLAN_MESSAGES.notConfigured)
  })

  it('writes Turkish dates, plan names, the card and statuses', () => {
    expect(planDateIn(new Date('2026-11-03T10:00:00Z'), 'tr')).toBe('03 Kas 2026')
    expect(planNameIn('expand_yearly_plan', 'tr')).toBe('Growth yıllık plan')
    expect(planNameIn('free_plan', 'tr')).toBe('Ücretsiz Plan')
    expect(keptCardIn('mastercard', '4444', 'tr')).toBe('4444 ile biten Mastercard')
    expect(transactionStatusIn('Failed', 'tr')).toBe('Başarısız')
  })

  it('has Turkish for every feature of every tier', () => {
    for (const tier of PLAN_TIERS) {
      const features = PLAN_TIER_INFO[tier].features
      features.forEach((_feature, index) => expect(CATALOG.tr.settings).toHaveProperty(`feature_${tier}_${index}`))
      expect(tierFeaturesIn(tier, 'tr')).not.toEqual(features)
    }
  })
})
