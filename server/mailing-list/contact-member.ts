import type { MailchimpMember } from './mailchimp-client'

export interface MemberSource {
  email: string
  first_name: string
  last_name: string
  subscribe_to_mailing_list: boolean
  is_archived: boolean
}

/**
 * A contact as a list member: subscribed while they agree to the mailing list and are not
 * archived, unsubscribed otherwise (an unsubscribe in the product unsubscribes at the provider;
 * a contact who never agreed is added as unsubscribed rather than subscribed by us).
 */
export function memberOf(contact: MemberSource): MailchimpMember {
  const status = contact.subscribe_to_mailing_list && !contact.is_archived ? 'subscribed' : 'unsubscribed'
  return {
    email_address: contact.email.trim().toLowerCase(),
    status,
    status_if_new: status,
    merge_fields: { FNAME: contact.first_name.slice(0, 255), LNAME: contact.last_name.slice(0, 255) },
  }
}

/** The batch after `cursor`: contact ids ascend, so the next batch starts after the last one sent. */
export function nextCursor<T extends { id: string }>(batch: readonly T[], cursor: string | null): string | null {
  return batch.length === 0 ? cursor : (batch[batch.length - 1]?.id ?? cursor)
}
