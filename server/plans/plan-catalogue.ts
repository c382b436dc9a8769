/**
 * The platform's plans for its studios (settings spec 9): names, internal ids, prices in USD
 * and, for studios in India, INR, monthly and yearly, the features the upgrade screen lists and
 * the limits the server holds a studio to. Code constants on purpose: one place a later master
 * plans screen (/masterplan) can read from or replace with stored rows.
 */
export const PLAN_PERIODS = ['monthly', 'yearly'] as const
export type PlanPeriod = (typeof PLAN_PERIODS)[number]

export const PLAN_TIERS = ['free', 'organize', 'expand', 'leap'] as const
export type PlanTier = (typeof PLAN_TIERS)[number]

export type PlanRegion = 'US' | 'IN'
export type PlanCurrency = 'USD' | 'INR'

export interface PlanLimits {
  /** Contacts the studio may have; null: no limit. */
  contacts: number | null
  /** Contacts with an active membership; null: no limit. */
  activeMembers: number | null
  customDomain: boolean
}

export interface PlanTierInfo {
  tier: PlanTier
  /** The name the upgrade screen shows. */
  name: string
  /** Whole currency units per period, by region; Free costs nothing. */
  prices: Record<PlanRegion, Record<PlanPeriod, number>>
  features: readonly string[]
  limits: PlanLimits
  /** Leap is sold through 'Contact Us', never through checkout. */
  contactUs: boolean
}

export const PLAN_TIER_INFO: Record<PlanTier, PlanTierInfo> = {
  free: {
    tier: 'free',
    name: 'Free',
    prices: { US: { monthly: 0, yearly: 0 }, IN: { monthly: 0, yearly: 0 } },
    features: ['10 active members', '100 contacts'],
    limits: { contacts: 100, activeMembers: 10, customDomain: false },
    contactUs: false,
  },
  organize: {
    tier: 'organize',
    name: 'Organize',
    prices: { US: { monthly: 25, yearly: 300 }, IN: { monthly: 2945, yearly: 30941 } },
    features: ['100 active members', '2000 contacts'],
    limits: { contacts: 2000, activeMembers: 100, customDomain: false },
    contactUs: false,
  },
  expand: {
    tier: 'expand',
    name: 'Growth',
    prices: { US: { monthly: 65, yearly: 660 }, IN: { monthly: 4786, yearly: 48620 } },
    features: ['250 active members', '10K contacts', 'Mobile app', 'Custom domains'],
    limits: { contacts: 10_000, activeMembers: 250, customDomain: true },
    contactUs: false,
  },
  leap: {
    tier: 'leap',
    name: 'Leap',
    prices: { US: { monthly: 129, yearly: 1320 }, IN: { monthly: 9498, yearly: 97240 } },
    features: ['Unlimited members', '50K contacts', 'Custom mobile app (iOS and Android)', 'Custom domains'],
    limits: { contacts: 50_000, activeMembers: null, customDomain: true },
    contactUs: true,
  },
}

/** The spec's internal ids: free_plan, organize_monthly_plan, expand_yearly_plan, ... */
export type PlanId = 'free_plan' | `${Exclude<PlanTier, 'free'>}_${PlanPeriod}_plan`

export const PLAN_IDS: readonly PlanId[] = ['free_plan', ...PLAN_TIERS.filter((tier) => tier !== 'free').flatMap((tier) => PLAN_PERIODS.map((period) => `${tier}_${period}_plan` as PlanId))]

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value)
}

export function planIdOf(tier: PlanTier, period: PlanPeriod): PlanId {
  return tier === 'free' ? 'free_plan' : `${tier}_${period}_plan`
}

export function tierOfPlanId(id: PlanId): PlanTier {
  return id === 'free_plan' ? 'free' : (id.split('_')[0] as Exclude<PlanTier, 'free'>)
}

/** Free has no period of its own; it reads as monthly. */
export function periodOfPlanId(id: PlanId): PlanPeriod {
  return id.includes('_yearly_') ? 'yearly' : 'monthly'
}

/** "The current plan name has underscores replaced by spaces; a missing plan name shows as 'Free Plan'." */
export function planNameText(planName: string | null | undefined): string {
  if (!planName) return 'Free Plan'
  return planName.replaceAll('_', ' ')
}

/**
 * A studio pays in rupees when its account country is India (the account form offers United
 * States or India) or its default currency is INR; in dollars otherwise.
 */
export function planRegionOf(settings: { country: string; defaultCurrency: string }): PlanRegion {
  const country = settings.country.trim().toLowerCase()
  return country === 'india' || country === 'ind' || country === 'in' || settings.defaultCurrency.toUpperCase() === 'INR' ? 'IN' : 'US'
}

export function currencyOfRegion(region: PlanRegion): PlanCurrency {
  return region === 'IN' ? 'INR' : 'USD'
}

export interface PlanPrice {
  /** Minor units (cents, paise). */
  amountMinor: number
  currency: PlanCurrency
}

export function planPrice(id: PlanId, region: PlanRegion): PlanPrice {
  const whole = PLAN_TIER_INFO[tierOfPlanId(id)].prices[region][periodOfPlanId(id)]
  return { amountMinor: whole * 100, currency: currencyOfRegion(region) }
}

/** A price as the upgrade screen and the payments table show it: $25, ₹2,945. */
export function priceText(amountMinor: number, currency: string): string {
  const symbol = currency === 'INR' ? '₹' : currency === 'USD' ? '$' : `${currency} `
  const whole = amountMinor / 100
  const digits = Number.isInteger(whole) ? whole.toLocaleString('en-US') : whole.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return `${symbol}${digits}`
}

/**
 * What a studio may add. A studio without a recorded plan (created before plans, or by the
 * platform) is not limited: limits bind from the first plan chosen (docs/decisions/129).
 */
export function limitsOfPlan(id: PlanId | null): PlanLimits {
  if (!id) return { contacts: null, activeMembers: null, customDomain: true }
  return PLAN_TIER_INFO[tierOfPlanId(id)].limits
}

/** The end of a period that starts at `from`: a calendar month or year later (the 31st runs to the month's last day). */
export function periodEnd(from: Date, period: PlanPeriod): Date {
  const end = new Date(from.getTime())
  const day = end.getUTCDate()
  end.setUTCDate(1)
  if (period === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1)
  else end.setUTCFullYear(end.getUTCFullYear() + 1)
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate()
  end.setUTCDate(Math.min(day, lastDay))
  return end
}

/** "Transaction status: SETTLED shows Completed; anything else shows Failed." */
export function transactionStatusText(status: string | null | undefined): 'Completed' | 'Failed' {
  return status === 'SETTLED' ? 'Completed' : 'Failed'
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** "Dates show as 'MMM dd, YYYY' in UTC from epoch seconds." */
export function paymentDateText(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000)
  return `${MONTHS[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2, '0')}, ${date.getUTCFullYear()}`
}

export const PLAN_MESSAGES = {
  updated: 'Plan updated',
  freeConfirm: 'You miss the valuable features, Are you sure you want free plan?',
  notConfigured: 'Paid plans cannot be bought yet: card payments for plans are not configured.',
  providerDown: 'The payment could not be started. Please try again in a moment.',
  contactUs: 'Leap is arranged with our team: use Contact Us.',
  unknownPlan: 'Choose one of the plans shown.',
  alreadyOnPlan: 'You are already on this plan.',
  notPaid: 'The payment was not completed. Your plan is unchanged.',
  contactLimit: (limit: number) => `Your plan allows ${limit.toLocaleString('en-US')} contacts. Upgrade your plan to add more.`,
  activeMemberLimit: (limit: number) => `Your plan allows ${limit.toLocaleString('en-US')} active members. Upgrade your plan to add more.`,
  customDomain: 'Custom domains come with the Growth and Leap plans. Upgrade your plan to use one.',
} as const
