import type { ContactProfileInput } from './contact-form-schema'

/**
 * Each field of the full Edit Contact page and the contacts column it is kept in: named once,
 * for the page's current values and for the update.
 */
export const CONTACT_PROFILE_COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  grnNumber: 'grn_number',
  hasSignedWaiverForm: 'has_signed_waiver_form',
  subscribeToMailingList: 'subscribe_to_mailing_list',
  altEmail1: 'alt_email1',
  altEmail2: 'alt_email2',
  altEmail3: 'alt_email3',
  addressLine1: 'address_line1',
  addressLine2: 'address_line2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  country: 'country',
  dateOfBirth: 'date_of_birth',
  company: 'company',
  description: 'description',
  emergencyContactName: 'emergency_contact_name',
  emergencyContactPhone: 'emergency_contact_phone',
  leadSource: 'lead_source',
  category: 'category',
  salesStage: 'sales_stage',
  accountStage: 'account_stage',
  barcode: 'barcode',
  isStatusClient: 'is_status_client',
  isStatusLead: 'is_status_lead',
  isStatusMember: 'is_status_member',
  isStatusStaff: 'is_status_staff',
  isStatusFollowup: 'is_status_followup',
  isStatusInActive: 'is_status_inactive',
  isStatusOther: 'is_status_other',
  isTeacher: 'is_teacher',
  isSendReminder: 'is_send_reminder',
  isSendSmsReminder: 'is_send_sms_reminder',
  motherName: 'mother_name',
  motherEmail: 'mother_email',
  motherPhone: 'mother_phone',
  fatherName: 'father_name',
  fatherEmail: 'father_email',
  fatherPhone: 'father_phone',
} as const satisfies Record<keyof ContactProfileInput, string>

export type ContactProfileColumn = (typeof CONTACT_PROFILE_COLUMNS)[keyof typeof CONTACT_PROFILE_COLUMNS]
export const CONTACT_PROFILE_COLUMN_LIST = Object.values(CONTACT_PROFILE_COLUMNS) as ContactProfileColumn[]
