/** The standard website pages every tenant starts with, in their default menu order. */
export const standardPages = [
  { name: 'home', title: 'Home', isLegal: false },
  { name: 'about', title: 'About Us', isLegal: false },
  { name: 'contact', title: 'Contact Us', isLegal: false },
  { name: 'calendar', title: 'Calendar', isLegal: false },
  { name: 'courses', title: 'Courses', isLegal: false },
  { name: 'events', title: 'Events', isLegal: false },
  { name: 'forms', title: 'Forms', isLegal: false },
  { name: 'donations', title: 'Donations', isLegal: false },
  { name: 'merchandise', title: 'Merchandise', isLegal: false },
  { name: 'mediagallery', title: 'Media Gallery', isLegal: false },
  { name: 'privacypolicy', title: 'Privacy Policy', isLegal: true },
  { name: 'termsofservice', title: 'Terms of Service', isLegal: true },
] as const

export type StandardPageName = (typeof standardPages)[number]['name']

export function standardPageBody(name: StandardPageName, orgName: string): { header: string; sub_header: string; html: string } {
  switch (name) {
    case 'home':
      return {
        header: `Welcome to ${orgName}`,
        sub_header: 'Classes, courses and events for every level.',
        html: `<section><h2>Find your class</h2><p>Browse the calendar, join a course or come to an event. New here? Try a free trial class.</p></section>`,
      }
    case 'about':
      return {
        header: `About ${orgName}`,
        sub_header: 'Who we are and what we teach.',
        html: `<p>${orgName} is a community of teachers and students. We run classes, courses and events all year round.</p>`,
      }
    case 'contact':
      return {
        header: 'Contact Us',
        sub_header: 'We would love to hear from you.',
        html: '<p>Write to us or call during opening hours, and we will get back to you within a day.</p>',
      }
    case 'privacypolicy':
      return {
        header: 'Privacy Policy',
        sub_header: '',
        html: `<p>${orgName} keeps the personal data you give us only to run your registrations, payments and messages, and never sells it.</p>`,
      }
    case 'termsofservice':
      return {
        header: 'Terms of Service',
        sub_header: '',
        html: `<p>By registering with ${orgName} you agree to our class policies, cancellation rules and code of conduct.</p>`,
      }
    default:
      // Listing pages (calendar, courses, forms, ...) show product data, not an editable body.
      return { header: '', sub_header: '', html: '' }
  }
}

export interface SeedPerson {
  firstName: string
  lastName: string
  email: string
  role: 'ROLE_ADMIN' | 'ROLE_STAFF' | 'ROLE_FRONTDESK' | 'ROLE_STUDENT' | null
  phone?: string
  isTeacher?: boolean
}

export const demoPeople: SeedPerson[] = [
  { firstName: 'Avery', lastName: 'Admin', email: 'admin@demo.test', role: 'ROLE_ADMIN', phone: '555-010-0001' },
  { firstName: 'Sam', lastName: 'Staff', email: 'staff@demo.test', role: 'ROLE_STAFF', phone: '555-010-0002', isTeacher: true },
  { firstName: 'Frankie', lastName: 'Desk', email: 'frontdesk@demo.test', role: 'ROLE_FRONTDESK', phone: '555-010-0003' },
  { firstName: 'Stella', lastName: 'Student', email: 'student@demo.test', role: 'ROLE_STUDENT', phone: '555-010-0004' },
  { firstName: 'Priya', lastName: 'Patel', email: 'priya.patel@example.test', role: null, phone: '555-010-0101' },
  { firstName: 'Marco', lastName: 'Rossi', email: 'marco.rossi@example.test', role: null, phone: '555-010-0102' },
  { firstName: 'Ada', lastName: 'Okafor', email: 'ada.okafor@example.test', role: 'ROLE_STUDENT' },
  { firstName: 'Lena', lastName: 'Schmidt', email: 'lena.schmidt@example.test', role: null },
]

export const demoLogins = ['admin@demo.test', 'staff@demo.test', 'frontdesk@demo.test', 'student@demo.test'] as const
export const masterAdminEmail = 'admin@master.test'

export interface SeedCustomField {
  name: string
  tag: string
  type: 'text' | 'textarea' | 'number' | 'checkbox' | 'radio' | 'dropdown' | 'header'
  isMandatory?: boolean
  helpText?: string
  options?: string[]
}

/** The demo tenant's published form, linked from the public forms menu, so a newcomer can try one at once. */
export const demoTrialForm = {
  name: 'Trial Class Registration',
  formType: 'STUDENT_REGISTRATION',
  beforeFormHtml: '<p>Come and try a class on us. Tell us a little about yourself and sign below; we will email you to pick a time.</p>',
  subHeaderHtml: '<p><strong>Your first class is free.</strong></p>',
  afterFormHtml: '<p>Questions? Call us or write to hello@demo.test.</p>',
  fields: [
    { name: 'Experience', tag: 'experience', type: 'dropdown', isMandatory: true, options: ['New to yoga', 'Some classes', 'Regular practice'] },
    { name: 'I have read the studio rules', tag: 'studiorules', type: 'checkbox', isMandatory: true },
    { name: 'Injuries or health notes', tag: 'healthnotes', type: 'textarea', helpText: 'Anything your teacher should know.' },
  ] satisfies SeedCustomField[],
} as const
