import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, Timestamp } from './column-types'

/** A text column with a set of known values and a database default. */
type Defaulted<T> = ColumnType<T, T | undefined, T>
/** Kept by Postgres (a generated column or a trigger); never written by code. */
type KeptByDatabase<T> = ColumnType<T, never, never>
/** A calendar date, 'YYYY-MM-DD' (pg's date parser is switched off, see db/connection.ts). */
type CalendarDate = string
/** A local wall-clock time, 'HH:MM'. */
type LocalTime = string

/** What a catalog item is. course = SERVICE, product = PRODUCT, bundle = BUNDLE in the spec's category types. */
export const CATALOG_ITEM_KINDS = ['course', 'class', 'event', 'product', 'bundle', 'donation', 'membership'] as const
export type CatalogItemKind = (typeof CATALOG_ITEM_KINDS)[number]

/** The spec's category type of the kinds it names (settings spec, enumerations). */
export const CATEGORY_TYPE_OF_KIND = { course: 'SERVICE', product: 'PRODUCT', bundle: 'BUNDLE' } as const satisfies Partial<Record<CatalogItemKind, string>>

/** How an item is paid for (spec payment types that an item carries). */
export const ITEM_PAYMENT_TYPES = ['FREE', 'PAID', 'EXTERNAL', 'DONATION'] as const
export type ItemPaymentType = (typeof ITEM_PAYMENT_TYPES)[number]

export const MEMBERSHIP_TYPES = ['recurring', 'card', 'unlimited'] as const
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number]

export const BILLING_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'halfyearly', 'yearly'] as const
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number]

export const PERIOD_UNITS = ['days', 'months', 'years'] as const
export type PeriodUnit = (typeof PERIOD_UNITS)[number]

export type ChapterContentType = 'text' | 'video' | 'file'
export type ScheduleRecurrence = 'weekly' | 'once'
export type OccurrenceStatus = 'scheduled' | 'cancelled'
export type BookingStatus = 'booked' | 'cancelled' | 'checked_in'
export type EventRegistrationStatus = 'registered' | 'cancelled' | 'checked_in'
export type HeldMembershipStatus = 'trial' | 'active' | 'paused' | 'cancelled' | 'expired' | 'suspended'
export type EnrolmentStatus = 'active' | 'completed' | 'cancelled'

/** Who supplies a piece of merchandise (spec: itemSupplier). */
export interface ItemSuppliersTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  name: string
  email: string | null
  phone: string | null
  is_archived: Generated<boolean>
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** A room a class is taught in; shown on the calendar when the tenant shows room names. */
export interface RoomsTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  name: string
  capacity: number | null
  is_archived: Generated<boolean>
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** Anything a studio sells: a course, a class, an event, merchandise, a bundle, a donation campaign or a membership plan. */
export interface CatalogItemsTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  kind: CatalogItemKind
  name: string
  /** Unique per tenant and kind; the spec's SEO URL rule. */
  slug: string
  summary: Generated<string>
  /** Sanitised tenant HTML. */
  description_html: Generated<string>
  payment_type: Defaulted<ItemPaymentType>
  /** Required when payment_type is EXTERNAL. */
  external_link: string | null
  /** Courses only (spec: isAllowDemoChapters). */
  is_allow_demo_chapters: Generated<boolean>
  is_published: Generated<boolean>
  is_featured: Generated<boolean>
  is_archived: Generated<boolean>
  /** Merchandise only; null is not counted; never below zero. */
  stock_quantity: number | null
  supplier_id: string | null
  created_by: string | null
  created_at: CreatedAt
  updated_at: CreatedAt
  /** The name folded for sorting and search (search_fold). */
  sort_name: KeptByDatabase<string>
}

/** One way to pay for an item (spec Item/membership). Money in minor units of `currency`. */
export interface ItemPriceOptionsTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  item_id: string
  name: string
  sequence: Generated<number>
  price_minor: number
  currency: string
  is_other_price: Generated<boolean>
  /** The least a buyer may type when is_other_price. */
  other_price_minor: number | null
  discount_minor: Generated<number>
  /** 1-9. */
  max_quantity: Generated<number>
  is_taxable: Generated<boolean>
  is_charge_card_fees: Generated<boolean>
  /** Null: a one-time purchase. */
  membership_type: MembershipType | null
  /** Card only. */
  credits: number | null
  /** Recurring only. */
  frequency: BillingFrequency | null
  billing_day_of_month: number | null
  is_bill_from_next_month: Generated<boolean>
  /** Null: bills until cancelled. */
  number_of_billing_cycles: number | null
  registration_fee_minor: Generated<number>
  is_trial_period: Generated<boolean>
  trial_duration: number | null
  trial_duration_unit: PeriodUnit | null
  is_archived: Generated<boolean>
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** An item's picture; `image_key` names the stored upload. At most one cover per item. */
export interface ItemImagesTable {
  id: Generated<string>
  tenant_id: string
  item_id: string
  image_key: string
  alt_text: Generated<string>
  width: number | null
  height: number | null
  sequence: Generated<number>
  is_cover: Generated<boolean>
  created_at: CreatedAt
}

/** An item inside a bundle. */
export interface BundleItemsTable {
  tenant_id: string
  bundle_id: string
  item_id: string
  quantity: Generated<number>
  sequence: Generated<number>
}

/** A course's section; `sequence` is unique per course, checked at commit so a reorder can swap. */
export interface CourseSectionsTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  course_id: string
  title: string
  sequence: number
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** A chapter of a section: text, a video link (kept as typed and in embed form) or a file. */
export interface CourseChaptersTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  section_id: string
  title: string
  sequence: number
  content_type: ChapterContentType
  body_html: Generated<string>
  video_url: string | null
  video_embed_url: string | null
  file_key: string | null
  file_name: string | null
  file_bytes: number | null
  is_demo: Generated<boolean>
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** An event's dates, place and capacity; one row per catalog item of kind 'event'. */
export interface EventDetailsTable {
  item_id: string
  tenant_id: string
  starts_at: Timestamp
  ends_at: Timestamp
  time_zone: string
  /** Null: no limit. */
  capacity: number | null
  /** Kept by a trigger on event_registrations; never above capacity. */
  registered_count: KeptByDatabase<number>
  registration_closes_at: Timestamp | null
  venue_name: string | null
  address_line1: string | null
  address_line2: string | null
  city: string | null
  state: string | null
  zip: string | null
  country: string | null
}

/** A donation campaign's amounts and ways to give; one row per catalog item of kind 'donation'. */
export interface DonationDetailsTable {
  item_id: string
  tenant_id: string
  currency: string
  /** Minor units, in the order shown; at most six. */
  suggested_amounts_minor: ColumnType<number[], number[] | undefined, number[]>
  is_other_amount_allowed: Generated<boolean>
  is_one_time_allowed: Generated<boolean>
  is_recurring_allowed: Generated<boolean>
  recurring_frequency: Defaulted<BillingFrequency>
  goal_minor: number | null
}

/** A class's rule: weekly on `weekdays` at `start_time` in `time_zone`, until a date or for N weeks; or once. */
export interface ClassSchedulesTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  class_id: string
  recurrence: ScheduleRecurrence
  start_date: CalendarDate
  start_time: LocalTime
  time_zone: string
  /** ISO weekdays, 1 = Monday ... 7 = Sunday; empty for 'once'. */
  weekdays: ColumnType<number[], number[] | undefined, number[]>
  until_date: CalendarDate | null
  weeks: number | null
  duration_minutes: number
  capacity: number
  /** Six hex digits without '#'. */
  colour: string | null
  teacher_id: string | null
  room_id: string | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** One occurrence of a schedule, written when booked, cancelled, moved or overridden. */
export interface ClassOccurrencesTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  schedule_id: string
  class_id: string
  /** The local date the rule gave it (its key, unchanged by a move). */
  occurrence_date: CalendarDate
  starts_at: Timestamp
  ends_at: Timestamp
  status: Defaulted<OccurrenceStatus>
  moved_to_date: CalendarDate | null
  moved_to_time: LocalTime | null
  teacher_id: string | null
  room_id: string | null
  duration_minutes: number | null
  capacity: number
  is_capacity_overridden: Generated<boolean>
  /** Kept by a trigger on class_bookings; never above capacity. */
  booked_count: KeptByDatabase<number>
  note: string | null
  cancelled_at: Timestamp | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** A membership a contact holds (bought, or given by staff). */
export interface ContactMembershipsTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  contact_id: string
  item_id: string
  price_option_id: string | null
  /** A gift on repeat to a donation campaign (item_id), billed like a membership but never one. */
  is_gift: Generated<boolean>
  name: string
  membership_type: MembershipType
  status: Defaulted<HeldMembershipStatus>
  /** Card only; credits_left never below zero. */
  credits_total: number | null
  credits_left: number | null
  starts_at: CreatedAt
  trial_ends_at: Timestamp | null
  expires_at: Timestamp | null
  next_billing_at: Timestamp | null
  billing_cycles_left: number | null
  cancelled_at: Timestamp | null
  /** The kept card later periods are charged to (recurring only); null: each period is invoiced for the member to pay. */
  payment_method_id: string | null
  /** The terms a recurring membership was bought on, so a later edit of its option changes nothing held. */
  period_price_minor: ColumnType<string | number | null, number | null | undefined, number | null>
  currency: string | null
  frequency: BillingFrequency | null
  billing_day_of_month: number | null
  /** 'YYYY-MM-DD': the first billing, whose day month-based periods keep. */
  first_billing_on: CalendarDate | null
  is_taxable: Defaulted<boolean>
  is_charge_card_fees: Defaulted<boolean>
  /** Stops at the next billing instead of charging it. */
  cancel_at_period_end: Defaulted<boolean>
  /** Failed charges of the period now due; reset when it is paid. */
  failed_charges: Defaulted<number>
  billing_retry_at: Timestamp | null
  suspended_at: Timestamp | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

export type MembershipBillingStatus = 'open' | 'paid' | 'closed'

/** One billing period of a recurring membership and its invoice; unique per membership and period. */
export interface MembershipBillingsTable {
  id: Generated<string>
  tenant_id: string
  membership_id: string
  /** 'YYYY-MM-DD' in the studio's zone. */
  period_on: CalendarDate
  invoice_id: string
  status: Defaulted<MembershipBillingStatus>
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** A contact's place in a class occurrence; one live booking per contact and occurrence. */
export interface ClassBookingsTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  occurrence_id: string
  contact_id: string
  status: Defaulted<BookingStatus>
  membership_id: string | null
  credits_used: Generated<number>
  booked_by: string | null
  booked_at: CreatedAt
  cancelled_at: Timestamp | null
  checked_in_at: Timestamp | null
  updated_at: CreatedAt
}

/** A contact's seats at an event; one live registration per contact and event. */
export interface EventRegistrationsTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  event_id: string
  contact_id: string
  quantity: Generated<number>
  status: Defaulted<EventRegistrationStatus>
  registered_at: CreatedAt
  cancelled_at: Timestamp | null
  checked_in_at: Timestamp | null
  updated_at: CreatedAt
}

/** A contact enrolled in a course (is_demo: through the demo flow, demo chapters only). */
export interface CourseEnrolmentsTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  course_id: string
  contact_id: string
  status: Defaulted<EnrolmentStatus>
  is_demo: Generated<boolean>
  enrolled_at: CreatedAt
  completed_at: Timestamp | null
  updated_at: CreatedAt
}

/** How far an enrolled contact got in one chapter. */
export interface ChapterProgressTable {
  tenant_id: string
  enrolment_id: string
  chapter_id: string
  last_viewed_at: CreatedAt
  completed_at: Timestamp | null
}

export interface CatalogTables {
  item_suppliers: ItemSuppliersTable
  rooms: RoomsTable
  catalog_items: CatalogItemsTable
  item_price_options: ItemPriceOptionsTable
  item_images: ItemImagesTable
  bundle_items: BundleItemsTable
  course_sections: CourseSectionsTable
  course_chapters: CourseChaptersTable
  event_details: EventDetailsTable
  donation_details: DonationDetailsTable
  class_schedules: ClassSchedulesTable
  class_occurrences: ClassOccurrencesTable
  contact_memberships: ContactMembershipsTable
  membership_billings: MembershipBillingsTable
  class_bookings: ClassBookingsTable
  event_registrations: EventRegistrationsTable
  course_enrolments: CourseEnrolmentsTable
  chapter_progress: ChapterProgressTable
}
