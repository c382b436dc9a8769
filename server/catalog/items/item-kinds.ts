import type { Permission } from '#server/auth/permissions'
import type { ModuleName } from '#server/shell/modules'

/** The kinds the staff item editors cover; classes have their own schedule screens. */
export const EDITED_ITEM_KINDS = ['course', 'product', 'event', 'membership', 'donation', 'bundle'] as const
export type EditedItemKind = (typeof EDITED_ITEM_KINDS)[number]

export interface ItemKindScreen {
  kind: EditedItemKind
  /** The list's address; the new item is `${path}/new`, one item `${path}/{guid}`. */
  path: `/${string}`
  module: ModuleName
  /** A Roles-screen permission the screens need beyond being staff (decision 056). */
  permission: Permission | null
  /** Words of the screens. */
  singular: string
  plural: string
  /** The slug word when a name leaves nothing after the SEO rule. */
  slugFallback: string
  /** Whether price options may be memberships (recurring, card, unlimited). */
  allowsMemberships: boolean
}

/**
 * Where each kind's staff screens live and what guards them: the addresses of spec 002
 * section 2.17 (/services courses, /rules events, /products merchandise, /donation) and the
 * product bundle route; memberships have no address in the spec (decision 110).
 */
export const ITEM_KIND_SCREENS: Readonly<Record<EditedItemKind, ItemKindScreen>> = {
  course: { kind: 'course', path: '/services', module: 'courses', permission: 'showCourses', singular: 'Course', plural: 'Courses', slugFallback: 'course', allowsMemberships: false },
  product: { kind: 'product', path: '/products', module: 'merchandise', permission: null, singular: 'Product', plural: 'Merchandise', slugFallback: 'product', allowsMemberships: false },
  event: { kind: 'event', path: '/rules', module: 'events', permission: null, singular: 'Event', plural: 'Events', slugFallback: 'event', allowsMemberships: false },
  membership: { kind: 'membership', path: '/memberships', module: 'store', permission: null, singular: 'Membership', plural: 'Memberships', slugFallback: 'membership', allowsMemberships: true },
  donation: { kind: 'donation', path: '/donation', module: 'donation', permission: null, singular: 'Donation campaign', plural: 'Donations', slugFallback: 'donation', allowsMemberships: false },
  bundle: { kind: 'bundle', path: '/product-bundle', module: 'merchandise', permission: null, singular: 'Product bundle', plural: 'Product bundles', slugFallback: 'bundle', allowsMemberships: false },
}

/** The item's own screen. */
export const itemPath = (kind: EditedItemKind, guid: string) => `${ITEM_KIND_SCREENS[kind].path}/${guid}`
