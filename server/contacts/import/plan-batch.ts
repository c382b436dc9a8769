import { randomUUID } from 'node:crypto'
import { CONTACT_FORM_MESSAGES } from '#server/contacts/contact-form-schema'
import type { WordedResult } from '#server/errors/result'
import type { FieldValue, ImportedRow } from './import-row'
import type { ContactTextColumn } from './import-targets'

export type OnDuplicate = 'skip' | 'update'

/** A contact as a batch will write it: the rows about it merged, later non-blank values winning. */
export interface ContactWrite {
  /** The new contact's id (chosen here), or the existing contact's. */
  id: string
  email: string | null
  firstName: string | null
  lastName: string | null
  values: Partial<Record<ContactTextColumn, string>>
  tags: string[]
  fields: Map<string, FieldValue>
}

/** What became of one row. */
export type RowOutcome =
  | { kind: 'create'; contactId: string }
  | { kind: 'update'; contactId: string }
  | { kind: 'skip' }
  | { kind: 'error'; message: string }

export interface BatchRow {
  /** 1-based data row of the file. */
  rowNumber: number
  reading: WordedResult<ImportedRow, 'invalid_input'>
}

export interface BatchPlan {
  creates: ContactWrite[]
  updates: ContactWrite[]
  outcomes: Array<{ rowNumber: number; outcome: RowOutcome }>
}

/**
 * The dedupe rules for one batch of rows, given the tenant's contacts that already have one of
 * the batch's emails (lower-cased email to contact id):
 * - a row whose email is taken is skipped, or updates that contact (blank cells keep what the
 *   contact has; tags are added, never removed), as the person chose;
 * - a row whose email an earlier row of the file already brought in is treated the same way:
 *   skipped, or merged into that contact;
 * - a row without an email is always a new contact;
 * - a new contact needs a first and a last name (the Create Contact rules), an update does not.
 * Rows that could not be read keep their message.
 */
export function planBatch(rows: readonly BatchRow[], existing: ReadonlyMap<string, string>, onDuplicate: OnDuplicate): BatchPlan {
  const creates: ContactWrite[] = []
  const updates = new Map<string, ContactWrite>()
  const pendingByEmail = new Map<string, ContactWrite>()
  const outcomes: BatchPlan['outcomes'] = []

  for (const { rowNumber, reading } of rows) {
    if (!reading.ok) {
      outcomes.push({ rowNumber, outcome: { kind: 'error', message: reading.message } })
      continue
    }
    const row = reading.value
    const email = row.email
    const pending = email ? pendingByEmail.get(email) : undefined
    const existingId = email ? existing.get(email) : undefined
    if (pending || existingId) {
      if (onDuplicate === 'skip') {
        outcomes.push({ rowNumber, outcome: { kind: 'skip' } })
        continue
      }
      let target = pending
      if (!target && existingId) {
        target = updates.get(existingId) ?? emptyWrite(existingId, email)
        updates.set(existingId, target)
      }
      if (!target) continue
      merge(target, row)
      outcomes.push({ rowNumber, outcome: { kind: 'update', contactId: target.id } })
      continue
    }
    const missing = [row.firstName ? null : CONTACT_FORM_MESSAGES.firstNameRequired, row.lastName ? null : CONTACT_FORM_MESSAGES.lastNameRequired].filter(Boolean)
    if (missing.length > 0) {
      outcomes.push({ rowNumber, outcome: { kind: 'error', message: missing.join(' ') } })
      continue
    }
    const write = emptyWrite(randomUUID(), email)
    merge(write, row)
    creates.push(write)
    if (email) pendingByEmail.set(email, write)
    outcomes.push({ rowNumber, outcome: { kind: 'create', contactId: write.id } })
  }
  return { creates, updates: [...updates.values()], outcomes }
}

function emptyWrite(id: string, email: string | null): ContactWrite {
  return { id, email, firstName: null, lastName: null, values: {}, tags: [], fields: new Map() }
}

function merge(write: ContactWrite, row: ImportedRow): void {
  if (row.firstName) write.firstName = row.firstName
  if (row.lastName) write.lastName = row.lastName
  Object.assign(write.values, row.values)
  const known = new Set(write.tags.map((tag) => tag.toLowerCase()))
  for (const tag of row.tags) {
    if (known.has(tag.toLowerCase())) continue
    known.add(tag.toLowerCase())
    write.tags.push(tag)
  }
  for (const [fieldId, value] of row.fields) write.fields.set(fieldId, value)
}

/** Tallies of a batch's outcomes, as the import's counts keep them. */
export function countOutcomes(outcomes: BatchPlan['outcomes']): { created: number; updated: number; skipped: number; errors: number } {
  const counts = { created: 0, updated: 0, skipped: 0, errors: 0 }
  for (const { outcome } of outcomes) {
    if (outcome.kind === 'create') counts.created += 1
    else if (outcome.kind === 'update') counts.updated += 1
    else if (outcome.kind === 'skip') counts.skipped += 1
    else counts.errors += 1
  }
  return counts
}
