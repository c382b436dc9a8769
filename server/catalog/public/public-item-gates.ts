import { isModuleOn, type ModuleFlag } from '#server/shell/modules'
import type { TenantSettings } from '#server/tenancy/tenant-settings'

/** The public listing pages this capability answers, by their website page name. */
export const PUBLIC_ITEM_LISTINGS = ['events', 'merchandise', 'donations'] as const
export type PublicItemListing = (typeof PUBLIC_ITEM_LISTINGS)[number]

type GateSettings = Pick<TenantSettings, ModuleFlag | 'isShowDonation'>

/**
 * Whether visitors see the class schedule (/calendar, its feed and its menu item): the tenant
 * shows its schedule (isShowSchedule) and the Classes module is on (isShowScheduleMenu).
 */
export function isPublicScheduleShown(settings: Pick<TenantSettings, 'isShowSchedule' | 'isShowScheduleMenu'>): boolean {
  return settings.isShowSchedule && settings.isShowScheduleMenu
}

/**
 * Whether a visitor may see a listing and its item pages: events follow the Events module,
 * merchandise (and bundles) the Merchandise module, donations both the Donations module and
 * the tenant's isShowDonation. A listing that is off answers 404 and leaves the public menu.
 */
export function isPublicListingShown(settings: GateSettings, listing: PublicItemListing): boolean {
  switch (listing) {
    case 'events':
      return isModuleOn(settings, 'events')
    case 'merchandise':
      return isModuleOn(settings, 'merchandise')
    case 'donations':
      return settings.isShowDonation && isModuleOn(settings, 'donation')
  }
}

/**
 * Website pages whose listing the tenant has switched off: the public menu and footer leave them
 * out (calendar and courses included, which answer 404 then too).
 */
export function hiddenPublicListings(settings: GateSettings & Pick<TenantSettings, 'isShowSchedule'>): ReadonlySet<string> {
  const hidden = new Set<string>(PUBLIC_ITEM_LISTINGS.filter((listing) => !isPublicListingShown(settings, listing)))
  if (!isPublicScheduleShown(settings)) hidden.add('calendar')
  if (!isModuleOn(settings, 'courses')) hidden.add('courses')
  return hidden
}
