import type { Insertable, Selectable, Updateable } from 'kysely'
import type {
  ContactsTable,
  CoreTables,
  OutboundEmailsTable,
  SessionsTable,
  TenantsTable,
  WebPagesTable,
} from './tables/core'
import type { AuthTables } from './tables/auth'
import type { ContactTables } from './tables/contacts'
import type { ContactActionTables } from './tables/contact-actions'
import type { FormsTables } from './tables/forms'
import type { ScreenTables } from './tables/screens'
import type { BookingTables } from './tables/bookings'
import type { CheckoutTables } from './tables/checkout'
import type { PaymentTables } from './tables/payments'
import type { OfferTables } from './tables/offers'
import type { InvoicePdfTables } from './tables/invoice-pdfs'
import type { EmailTemplateTables } from './tables/email-templates'
import type { WidgetTables } from './tables/widgets'
import type { WebTemplateTables } from './tables/web-templates'
import type { MediaTables } from './tables/media'
import type { MailingListTables } from './tables/mailing-lists'
import type { PlanTables } from './tables/plans'
import type { CampaignSenderTables } from './tables/campaign-senders'
import type { NoticeFeedbackReviewTables } from './tables/notices-feedback-reviews'
import type { MeetingTables } from './tables/meetings'
import type { ConnectedEmailAccountTables } from './tables/connected-email-accounts'
import type { SmsTables } from './tables/sms'
import type { SharedFileTables } from './tables/shared-files'
import type {
  CatalogItemsTable,
  CatalogTables,
  ClassBookingsTable,
  ClassOccurrencesTable,
  ClassSchedulesTable,
  ContactMembershipsTable,
  EventDetailsTable,
  ItemPriceOptionsTable,
} from './tables/catalog'

export type * from './tables/core'
export type * from './tables/auth'
export type * from './tables/contacts'
export type * from './tables/contact-actions'
export type * from './tables/forms'
export type * from './tables/screens'
export type * from './tables/catalog'
export type * from './tables/bookings'
export type * from './tables/checkout'
export type * from './tables/payments'
export type * from './tables/offers'
export type * from './tables/plans'
export type * from './tables/campaign-senders'
export type * from './tables/notices-feedback-reviews'
export type * from './tables/meetings'
export type * from './tables/connected-email-accounts'
export type * from './tables/sms'
export type * from './tables/shared-files'

/**
 * Every table, grouped by the capability that owns it (one file each in db/tables/).
 * A capability adds its tables by extending this interface with its own group.
 */
export interface Database extends CoreTables, AuthTables, ContactTables, ContactActionTables, FormsTables, ScreenTables, CatalogTables, BookingTables, CheckoutTables, PaymentTables, OfferTables, InvoicePdfTables, EmailTemplateTables, WebTemplateTables, MediaTables, WidgetTables, MailingListTables, PlanTables, CampaignSenderTables, NoticeFeedbackReviewTables, MeetingTables, ConnectedEmailAccountTables, SmsTables, SharedFileTables {}

export type TenantRow = Selectable<TenantsTable>
export type NewTenant = Insertable<TenantsTable>
export type ContactRow = Selectable<ContactsTable>
export type NewContact = Insertable<ContactsTable>
export type ContactUpdate = Updateable<ContactsTable>
export type SessionRow = Selectable<SessionsTable>
export type OutboundEmailRow = Selectable<OutboundEmailsTable>
export type WebPageRow = Selectable<WebPagesTable>
export type NewWebPage = Insertable<WebPagesTable>
export type CatalogItemRow = Selectable<CatalogItemsTable>
export type NewCatalogItem = Insertable<CatalogItemsTable>
export type CatalogItemUpdate = Updateable<CatalogItemsTable>
export type ItemPriceOptionRow = Selectable<ItemPriceOptionsTable>
export type NewItemPriceOption = Insertable<ItemPriceOptionsTable>
export type EventDetailsRow = Selectable<EventDetailsTable>
export type ClassScheduleRow = Selectable<ClassSchedulesTable>
export type NewClassSchedule = Insertable<ClassSchedulesTable>
export type ClassOccurrenceRow = Selectable<ClassOccurrencesTable>
export type ClassBookingRow = Selectable<ClassBookingsTable>
export type ContactMembershipRow = Selectable<ContactMembershipsTable>
