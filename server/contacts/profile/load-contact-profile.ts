import { withTenant } from '#db/tenant-scope'
import { loadHeldMemberships, type MyMembership } from '#server/catalog/store/my-store'
import type { Platform } from '#server/platform'
import { searchContacts, type ContactSearchItem } from '#server/contacts/search-contacts'
import type { ShownDate } from '#server/dates/tenant-dates'
import { shownDateIn } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import type { Tenant } from '#server/tenancy/tenant'
import { findProfileContact } from './find-profile-contact'
import { listContactCustomValues, type CustomValueView } from './list-contact-custom-values'
import { listContactNotes } from './list-contact-notes'
import { listContactTags, type TagView } from './list-contact-tags'
import { listContactTimeline } from './list-contact-timeline'
import { loadContactFamily, type FamilyView } from './load-contact-family'
import type { TimelineKind } from './merge-timeline'
import { profileDetailsOf, type DetailGroup } from './profile-details'
import { profileHeaderOf, type ProfileHeaderView } from './profile-header'
import type { ProfileTab } from './profile-tabs'

export interface NoteView {
  guid: string
  body: string
  authorName: string
  created: ShownDate | null
  /** Shown as 'edited' when the note was changed after it was written. */
  edited: ShownDate | null
}

export interface TimelineItemView {
  key: string
  kind: TimelineKind
  text: string
  at: ShownDate | null
}

/** The open tab's contents: only what that tab shows is read. */
export type ProfileSection =
  | { tab: 'details'; groups: DetailGroup[] }
  | { tab: 'custom-fields'; fields: CustomValueView[] }
  | { tab: 'family'; family: FamilyView; search: { q: string; items: ContactSearchItem[] } }
  | { tab: 'timeline'; entries: TimelineItemView[]; hasMore: boolean; shown: number }
  | { tab: 'notes'; notes: NoteView[] }
  | { tab: 'tags'; tags: TagView[]; others: TagView[] }
  /** What the contact holds, with how recurring ones bill (the member's My Store, seen by staff). */
  | { tab: 'memberships'; memberships: MyMembership[] }

export interface ContactProfile {
  header: ProfileHeaderView
  section: ProfileSection
}

/**
 * A contact's profile as the screen shows it: the header and the open tab, with dates in the
 * tenant's zone and format. Null when the guid names nobody of this tenant (or is malformed).
 */
export async function loadContactProfile(options: {
  platform: Pick<Platform, 'database' | 'tenants'>
  tenant: Tenant
  unverifiedGuid: unknown
  tab: ProfileTab
  /** Timeline entries to show. */
  timelineShown: number
  /** The family tab's search for a contact to link (the picker without JavaScript). */
  familyQuery: string
  /** The page's language: the words and dates the server writes. */
  language?: Language
}): Promise<ContactProfile | null> {
  const { tenant } = options
  const language = options.language ?? 'en'
  type Read = ContactProfile | { header: ProfileHeaderView; family: FamilyView } | { header: ProfileHeaderView; membershipsOf: string }
  const found = await withTenant(options.platform.database, tenant.id, async (trx): Promise<Read | null> => {
    const contact = await findProfileContact(trx, options.unverifiedGuid)
    if (!contact) return null
    const header = profileHeaderOf(contact, tenant, language)
    switch (options.tab) {
      case 'details':
        return { header, section: { tab: 'details', groups: profileDetailsOf(contact, tenant, language) } satisfies ProfileSection }
      case 'custom-fields':
        return { header, section: { tab: 'custom-fields', fields: await listContactCustomValues(trx, contact.id, language) } satisfies ProfileSection }
      case 'family':
        return { header, family: await loadContactFamily(trx, contact.id) }
      case 'timeline': {
        const timeline = await listContactTimeline(trx, contact, options.timelineShown, language)
        const section: ProfileSection = {
          tab: 'timeline',
          hasMore: timeline.hasMore,
          shown: options.timelineShown,
          entries: timeline.entries.map((entry) => ({ key: entry.key, kind: entry.kind, text: entry.text, at: shownDateIn(entry.at, tenant.settings, 'activity', language) })),
        }
        return { header, section }
      }
      case 'notes': {
        const notes = await listContactNotes(trx, contact.id)
        const section: ProfileSection = {
          tab: 'notes',
          notes: notes.map((note) => ({
            guid: note.guid,
            body: note.body,
            authorName: note.authorName,
            created: shownDateIn(note.createdAt, tenant.settings, 'dateTime', language),
            edited: note.updatedAt.getTime() > note.createdAt.getTime() ? shownDateIn(note.updatedAt, tenant.settings, 'dateTime', language) : null,
          })),
        }
        return { header, section }
      }
      case 'tags':
        return { header, section: { tab: 'tags', ...(await listContactTags(trx, contact.id)) } satisfies ProfileSection }
      case 'memberships':
        return { header, membershipsOf: contact.id }
    }
  })
  if (!found) return null
  if ('membershipsOf' in found) {
    const memberships = await loadHeldMemberships(options.platform.database, { tenant, contactId: found.membershipsOf, now: new Date(), language })
    return { header: found.header, section: { tab: 'memberships', memberships } }
  }
  if ('family' in found) {
    // The search runs in its own tenant transaction: it is the contacts list's own search.
    const q = options.familyQuery.trim().slice(0, 100)
    const items = q ? await searchContacts({ platform: options.platform, tenant, unverifiedQuery: q }) : []
    return { header: found.header, section: { tab: 'family', family: found.family, search: { q, items: items.filter((item) => item.id !== found.header.guId) } } }
  }
  return found
}
