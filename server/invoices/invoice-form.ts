import { z } from 'zod'

/** How many line rows the form offers; more than a staff invoice needs, few enough to read. */
export const INVOICE_FORM_LINES = 8
/** The value of a line's choice that means a line described by hand. */
export const CUSTOM_LINE = 'custom'
export const MAX_CUSTOM_QUANTITY = 999

export const INVOICE_FORM_MESSAGES = {
  contactRequired: 'Choose the contact to invoice.',
  linesRequired: 'Add at least one line.',
  descriptionRequired: 'Describe the line.',
  descriptionTooLong: 'A line description can be at most 200 characters.',
  priceRequired: 'Price is required!',
  priceInvalid: 'Enter the price as a number, like 25.00.',
  quantityInvalid: (max: number) => `Quantity must be a whole number from 1 to ${max}.`,
  itemGone: 'This item is no longer sold. Choose another.',
  dueInvalid: 'Enter the due date as a date.',
  dueBeforeToday: 'The due date cannot be before today.',
  noteTooLong: 'The note can be at most 1000 characters.',
  salesPersonUnknown: 'Choose a sales person from the list.',
  invalid: 'Invalid Form!',
  created: (number: string) => `Invoice ${number} created.`,
  updated: (number: string) => `Invoice ${number} updated.`,
  notEditable: 'Only an unpaid invoice written by staff can be edited.',
} as const

/** One line row as typed. */
export interface InvoiceLineValues {
  choice: string
  description: string
  price: string
  quantity: string
  taxable: boolean
  cardFees: boolean
}

export interface InvoiceFormValues {
  contact: string
  dueOn: string
  note: string
  salesPerson: string
  lines: InvoiceLineValues[]
}

export type InvoiceFormErrors = {
  form?: string
  contact?: string
  dueOn?: string
  note?: string
  salesPerson?: string
  lines?: string
  /** By row index. */
  line?: Record<number, Partial<Record<'choice' | 'description' | 'price' | 'quantity', string>>>
}

export function emptyLine(): InvoiceLineValues {
  return { choice: '', description: '', price: '', quantity: '1', taxable: false, cardFees: false }
}

/** A row nobody filled in (its choice still 'Described below', nothing typed): left out rather than refused. */
export function isBlankLine(line: InvoiceLineValues): boolean {
  return (line.choice === '' || line.choice === CUSTOM_LINE) && line.description.trim() === '' && line.price.trim() === ''
}

const text = z
  .unknown()
  .transform((value) => (typeof value === 'string' ? value : ''))
  .pipe(z.string())

/** The form's fields from a post, as strings (checkboxes as booleans); nothing is judged here. */
export function invoiceFormValues(form: FormData): InvoiceFormValues {
  const read = (name: string) => text.parse(form.get(name))
  const lines: InvoiceLineValues[] = []
  for (let index = 0; index < INVOICE_FORM_LINES; index += 1) {
    lines.push({
      choice: read(`lines[${index}].choice`),
      description: read(`lines[${index}].description`),
      price: read(`lines[${index}].price`),
      quantity: read(`lines[${index}].quantity`) || '1',
      taxable: form.get(`lines[${index}].taxable`) === 'on',
      cardFees: form.get(`lines[${index}].cardFees`) === 'on',
    })
  }
  return { contact: read('contact').trim(), dueOn: read('dueOn').trim(), note: read('note'), salesPerson: read('salesPerson').trim(), lines }
}

/** The same errors with each message passed through `say` (the page's language). */
export function translateInvoiceFormErrors(errors: InvoiceFormErrors, say: (message: string) => string): InvoiceFormErrors {
  const { line, ...fields } = errors
  const translated: InvoiceFormErrors = Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, message === undefined ? message : say(message)]))
  if (line) translated.line = Object.fromEntries(Object.entries(line).map(([index, row]) => [index, Object.fromEntries(Object.entries(row).map(([field, message]) => [field, message === undefined ? message : say(message)]))]))
  return translated
}
