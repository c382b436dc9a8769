/**
 * What a cached page or value is built from, by name. A cache entry carries the tags it read;
 * a write says which tags it changed (`platform.caches.changed`), and only entries that share
 * one drop. Why tags and not "every write drops the tenant": carts, checkouts, contact edits and
 * visitor submissions write all day and feed no cached page; emptying a busy site's page cache
 * on each of them would make the cache useless when it matters most.
 */
export const CACHE_TAGS = ['tenant', 'screens', 'site', 'forms', 'contacts', 'catalog', 'invoices', 'memberships', 'templates', 'media', 'sessions'] as const
export type CacheTag = (typeof CACHE_TAGS)[number]

/**
 * The tables each tag is built from. The write audit (write-audit.ts) holds every request and
 * job to it: a unit of work that writes one of these tables must declare the tag, or the
 * audit reports it (and, outside production, fails it). A new cache that reads a new table
 * adds the table here.
 */
export const TABLES_OF_TAG: Readonly<Record<CacheTag, readonly string[]>> = {
  /**
   * The tenant row: identity, settings, modules, roles, page script (every page reads it), and
   * the payment account it connected, which decides what its pages offer to buy.
   */
  tenant: ['tenants', 'payment_accounts'],
  /** Per-tenant overlays of the settings screens' descriptors, and custom fields shown on them. */
  screens: ['screen_overlays', 'custom_fields'],
  /** The public website's pages: menus, footer, page content. */
  site: ['web_pages'],
  /** Registration forms and their fields: the forms menu, public form pages. */
  forms: ['custom_forms', 'custom_form_fields', 'custom_fields'],
  /**
   * The contact book as staff search and list it: contacts, their tags and custom field values
   * (the contacts list kept per user, the pickers' search results).
   */
  contacts: ['contacts', 'tags', 'contact_tags', 'contact_field_values'],
  /**
   * The public class schedule: published classes, their rules, the occurrence rows (cancelled,
   * moved, booked counts) and rooms. Teacher names come from contacts, which this tag does not
   * list: a renamed teacher shows on the calendar once the kept page expires (seconds), while
   * listing contacts would make every contact edit drop the calendar. A booking changes
   * booked_count through class_bookings' trigger, so the booking write must declare 'catalog'.
   * The public item pages read prices, pictures, bundle parts and event and donation details;
   * an event registration moves event_details.registered_count through its trigger.
   */
  catalog: [
    'catalog_items', 'class_schedules', 'class_occurrences', 'rooms',
    'item_price_options', 'item_images', 'bundle_items', 'event_details', 'donation_details',
  ],
  /**
   * The money a tenant invoiced and took, as the invoice report (kept per user) and its totals
   * (kept per filter) read it. A sale, a payment, a refund, a void, an edit and an emailed
   * invoice all write these.
   */
  invoices: ['invoices', 'invoice_lines', 'invoice_payments', 'invoice_refunds'],
  /**
   * Memberships and the cards kept for them: the report's upcoming membership payments. A booking
   * that spends a membership's sessions writes contact_memberships too, so it declares this tag.
   */
  memberships: ['contact_memberships', 'saved_payment_methods'],
  /** The studio's email templates: which names it has, asked before every receipt and notice. */
  templates: ['email_templates'],
  /** The studio's media gallery: the public /mediagallery page lists its images and videos. */
  media: ['media_items'],
  /**
   * Who a session token is: the per-process session memo (server/auth/session-memo.ts) keeps a
   * signed-in lookup for seconds and drops it when a session is opened, rotated or ended. The
   * once-a-minute idle slide is the one write left out (slideSession says why).
   */
  sessions: ['sessions'],
}

/** The tags a write to this table must declare (none for tables no cache reads). */
export function tagsFedBy(table: string): CacheTag[] {
  return CACHE_TAGS.filter((tag) => TABLES_OF_TAG[tag].includes(table))
}

export function isCacheTag(value: string): value is CacheTag {
  return (CACHE_TAGS as readonly string[]).includes(value)
}
