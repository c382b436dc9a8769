import type { CustomFieldView } from '#server/custom-fields/custom-field-view'

/** How a standard target's cell is read and checked. */
export type TargetKind = 'firstName' | 'lastName' | 'fullName' | 'email' | 'altEmail' | 'phone' | 'text' | 'date' | 'tags'

/** The contacts columns an import writes (names and email are handled apart). */
export type ContactTextColumn =
  | 'alt_email1' | 'alt_email2' | 'alt_email3' | 'phone'
  | 'address_line1' | 'address_line2' | 'city' | 'state' | 'zip' | 'country'
  | 'date_of_birth' | 'company' | 'description' | 'lead_source'
  | 'emergency_contact_name' | 'emergency_contact_phone'
  | 'mother_name' | 'mother_email' | 'mother_phone' | 'father_name' | 'father_email' | 'father_phone'

export interface StandardTarget {
  key: string
  label: string
  kind: TargetKind
  /** The column it fills, for the kinds that fill one. */
  column: ContactTextColumn | null
  /** The longest value the column takes (the table's check constraints). */
  maxLength: number
  /** Header names that suggest it, already folded (see foldHeader). */
  synonyms: readonly string[]
}

const target = (key: string, label: string, kind: TargetKind, column: ContactTextColumn | null, maxLength: number, synonyms: string[]): StandardTarget => ({
  key, label, kind, column, maxLength, synonyms,
})

/** The contact fields a column can be imported as, in the order the mapping list shows them. */
export const STANDARD_TARGETS: readonly StandardTarget[] = [
  target('firstName', 'First name', 'firstName', null, 100, ['firstname', 'first', 'givenname', 'forename', 'fname', 'prenom', 'vorname', 'nombre']),
  target('lastName', 'Last name', 'lastName', null, 100, ['lastname', 'last', 'surname', 'familyname', 'lname', 'nom', 'nachname', 'apellido', 'apellidos']),
  target('fullName', 'Full name (split into first and last)', 'fullName', null, 201, ['name', 'fullname', 'contactname', 'displayname', 'contact', 'studentname', 'clientname']),
  target('email', 'Email', 'email', null, 254, ['email', 'emailaddress', 'mail', 'primaryemail', 'emailid', 'eaddress', 'courriel', 'correo']),
  target('altEmail1', 'Alternate email 1', 'altEmail', 'alt_email1', 254, ['altemail', 'altemail1', 'alternateemail', 'alternativeemail', 'secondaryemail', 'otheremail', 'email2']),
  target('altEmail2', 'Alternate email 2', 'altEmail', 'alt_email2', 254, ['altemail2', 'alternateemail2', 'email3']),
  target('altEmail3', 'Alternate email 3', 'altEmail', 'alt_email3', 254, ['altemail3', 'alternateemail3', 'email4']),
  target('phone', 'Phone', 'phone', 'phone', 30, ['phone', 'phonenumber', 'mobile', 'mobilephone', 'mobilenumber', 'cell', 'cellphone', 'cellular', 'telephone', 'tel', 'telefon', 'telefono', 'contactnumber', 'primaryphone']),
  target('addressLine1', 'Address line 1', 'text', 'address_line1', 255, ['address', 'address1', 'addressline1', 'street', 'streetaddress', 'addressstreet']),
  target('addressLine2', 'Address line 2', 'text', 'address_line2', 255, ['address2', 'addressline2', 'apartment', 'suite']),
  target('city', 'City', 'text', 'city', 100, ['city', 'town', 'addresscity', 'ville', 'ciudad', 'stadt']),
  target('state', 'State', 'text', 'state', 100, ['state', 'province', 'region', 'county', 'addressstate', 'stateprovince']),
  target('zip', 'Zip code', 'text', 'zip', 20, ['zip', 'zipcode', 'postcode', 'postalcode', 'addresszip', 'plz']),
  target('country', 'Country', 'text', 'country', 100, ['country', 'addresscountry', 'pays', 'pais', 'land']),
  target('dateOfBirth', 'Date of birth', 'date', 'date_of_birth', 10, ['dateofbirth', 'dob', 'birthdate', 'birthday', 'born']),
  target('company', 'Company', 'text', 'company', 255, ['company', 'companyname', 'organization', 'organisation', 'employer', 'business']),
  target('description', 'Description', 'text', 'description', 5000, ['description', 'notes', 'note', 'comments', 'comment', 'about']),
  target('leadSource', 'Lead source', 'text', 'lead_source', 100, ['leadsource', 'source', 'referral', 'howdidyouhearaboutus']),
  target('emergencyContactName', 'Emergency contact name', 'text', 'emergency_contact_name', 255, ['emergencycontactname', 'emergencycontact', 'emergencyname']),
  target('emergencyContactPhone', 'Emergency contact phone', 'phone', 'emergency_contact_phone', 30, ['emergencycontactphone', 'emergencyphone', 'emergencynumber']),
  target('motherName', 'Mother name', 'text', 'mother_name', 255, ['mothername', 'mother', 'mom', 'mum']),
  target('motherEmail', 'Mother email', 'altEmail', 'mother_email', 254, ['motheremail', 'momemail', 'mumemail']),
  target('motherPhone', 'Mother phone', 'phone', 'mother_phone', 30, ['motherphone', 'momphone', 'mumphone']),
  target('fatherName', 'Father name', 'text', 'father_name', 255, ['fathername', 'father', 'dad']),
  target('fatherEmail', 'Father email', 'altEmail', 'father_email', 254, ['fatheremail', 'dademail']),
  target('fatherPhone', 'Father phone', 'phone', 'father_phone', 30, ['fatherphone', 'dadphone']),
  target('tags', 'Tags', 'tags', null, 100, ['tags', 'tag', 'labels', 'label', 'groups', 'group', 'categories']),
]

const STANDARD_BY_KEY = new Map(STANDARD_TARGETS.map((entry) => [entry.key, entry]))

export function standardTarget(key: string): StandardTarget | undefined {
  return STANDARD_BY_KEY.get(key)
}

/** A custom field as a mapping target: 'field:' and the field's public guid. */
export function customFieldTarget(field: Pick<CustomFieldView, 'guId'>): string {
  return `field:${field.guId}`
}

/** The custom fields a column can fill: every type but headers, which hold no value. */
export function importableFields(fields: readonly CustomFieldView[]): CustomFieldView[] {
  return fields.filter((field) => field.type !== 'header')
}

/**
 * A header name folded for comparison: accents dropped, lower case, and everything but letters
 * and digits removed, so 'First Name', 'first_name', 'FIRSTNAME' and 'Prénom' compare as
 * 'firstname' and 'prenom'.
 */
export function foldHeader(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

/**
 * The mapping suggested from the header: each column whose folded name is a synonym of a
 * standard field, or the folded name of one of the tenant's custom fields, gets that target;
 * a target goes to the first column that asks for it. Keys are column positions ('0', '1'...).
 * A custom field whose name matches wins over a standard synonym ('Source' as a custom field).
 */
export function suggestMapping(header: readonly string[], fields: readonly CustomFieldView[]): Record<string, string> {
  const custom = new Map<string, string>()
  for (const field of importableFields(fields)) {
    const folded = foldHeader(field.name)
    if (folded && !custom.has(folded)) custom.set(folded, customFieldTarget(field))
  }
  const synonyms = new Map<string, string>()
  for (const entry of STANDARD_TARGETS) for (const synonym of entry.synonyms) if (!synonyms.has(synonym)) synonyms.set(synonym, entry.key)

  const mapping: Record<string, string> = {}
  const taken = new Set<string>()
  header.forEach((name, column) => {
    const folded = foldHeader(name)
    const wanted = custom.get(folded) ?? synonyms.get(folded)
    if (wanted && !taken.has(wanted)) {
      mapping[String(column)] = wanted
      taken.add(wanted)
    }
  })
  return mapping
}
