/**
 * One entry of a navigation tree (spec 000 section 3, "Navigation item"). It follows the
 * shape of the layout the product was built on: `externalUrl` is a flag saying `url` leaves
 * the site, not a second address.
 */
export type NavigationItem = {
  id: string
  title: string
  type: 'item' | 'collapsable' | 'group'
  icon?: string
  url?: string
  externalUrl?: boolean
  openInNewTab?: boolean
  exactMatch?: boolean
  /** Kept in the tree so the route still resolves its title, but not drawn. */
  hidden?: boolean
  badge?: { title: string; bg: string; fg: string }
  isBeta?: boolean
  children?: NavigationItem[]
}
