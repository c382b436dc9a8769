/**
 * The tiles of the settings home (settings spec 2, "Settings home"), in the spec's order.
 *
 * `built` is kept by hand, as the staff menu's available paths are: a screen built in a later
 * change (custom fields, integrations, plans, templates, franchises) flips its tile on in the
 * same change that lands its route, so no tile ever leads to an empty page. A unit test
 * (tests/unit/settings/settings-tiles.test.ts) fails when a tile's route exists but its tile
 * is still off, or the other way round.
 */
export interface SettingsTile {
  key: string
  title: string
  description: string
  /** A lucide icon name, drawn by the settings home. */
  icon: 'building' | 'globe' | 'layout-grid' | 'smartphone' | 'credit-card' | 'plug' | 'users' | 'shield' | 'list-plus' | 'network' | 'mail' | 'gem' | 'app-window'
  path: string
  built: boolean
  /** "Franchise, shown only when the tenant is a master franchise". */
  masterFranchiseOnly?: boolean
}

export const SETTINGS_TILES: readonly SettingsTile[] = [
  { key: 'account', title: 'Account', description: 'Organisation name, owner, contact details, time zone and domain.', icon: 'building', path: '/settings/account', built: true },
  { key: 'website', title: 'Website', description: 'Logo, colours, footer and social links; external website and SEO keywords.', icon: 'globe', path: '/settings/website', built: true },
  { key: 'display', title: 'Module Settings', description: 'Turn modules on or off and set how registration works.', icon: 'layout-grid', path: '/settings/display', built: true },
  // Not a tile in the spec's list, but its screen has no other way in (docs/decisions/022).
  { key: 'studentapp', title: 'Student App', description: 'Menu labels, colour and cover images of the mobile app.', icon: 'smartphone', path: '/settings/studentapp', built: true },
  { key: 'paccount', title: 'Payment Settings', description: 'Currencies, taxes, card fees and the invoice note.', icon: 'credit-card', path: '/settings/paccount', built: true },
  { key: 'integrations', title: 'Integrations', description: 'Payments, SMS, email campaigns, meetings and email accounts.', icon: 'plug', path: '/settings/integrations', built: true },
  { key: 'users', title: 'Users', description: 'The people who work in your back office and their roles.', icon: 'users', path: '/settings/users', built: true },
  { key: 'roles', title: 'Roles', description: 'What Staff and FrontDesk may see and do.', icon: 'shield', path: '/settings/roles', built: true },
  { key: 'customfield', title: 'Custom Fields', description: 'Extra fields for your contacts and forms.', icon: 'list-plus', path: '/settings/customfield', built: true },
  { key: 'franchise', title: 'Franchise', description: 'Create and manage your franchises.', icon: 'network', path: '/settings/franchise', built: true, masterFranchiseOnly: true },
  { key: 'templates', title: 'Templates', description: 'Email and success-screen templates.', icon: 'mail', path: '/settings/templates', built: true },
  { key: 'plans', title: 'Plans', description: 'Your current plan, payments and upgrades.', icon: 'gem', path: '/settings/plan', built: true },
  // Not a tile in the spec's list either, but the settings route table has widgets and nothing else leads there.
  { key: 'widgets', title: 'Widgets', description: 'Announcements, event lists and links to embed in your website.', icon: 'app-window', path: '/settings/widgets', built: true },
]

/** The tiles this tenant's admin sees. */
export function settingsTilesFor(tenant: { isMasterFranchise: boolean }, tiles: readonly SettingsTile[] = SETTINGS_TILES): SettingsTile[] {
  return tiles.filter((tile) => tile.built && (!tile.masterFranchiseOnly || tenant.isMasterFranchise))
}
