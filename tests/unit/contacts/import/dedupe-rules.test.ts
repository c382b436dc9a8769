import { err, ok } from '#server/errors/result'
import type { ImportedRow } from '#server/contacts/import/import-row'
import { countOutcomes, planBatch, type BatchRow } from '#server/contacts/import/plan-batch'

const row = (values: Partial<ImportedRow>): ImportedRow => ({ email: null, firstName: 'Ann', lastName: 'Lee', values: {}, tags: [], fields: new Map(), ...values })
const rows = (...entries: Array<ImportedRow | string>): BatchRow[] =>
  entries.map((entry, index) => ({ rowNumber: index + 1, reading: typeof entry === 'string' ? err('invalid_input', entry) : ok(entry) }))
const kinds = (plan: ReturnType<typeof planBatch>) => plan.outcomes.map((entry) => entry.outcome.kind)

describe('dedupe by email within the tenant', () => {
  const existing = new Map([['taken@example.test', 'contact-1']])

  it('skips a row whose email is taken when asked to skip, and writes nothing for it', () => {
    const plan = planBatch(rows(row({ email: 'taken@example.test', firstName: 'New' })), existing, 'skip')
    expect(kinds(plan)).toEqual(['skip'])
    expect(plan.creates).toEqual([])
    expect(plan.updates).toEqual([])
  })

  it('updates the existing contact with the non-blank values when asked to update, names not needed', () => {
    const plan = planBatch(rows(row({ email: 'taken@example.test', firstName: null, lastName: null, values: { company: 'Acme' }, tags: ['Yoga'] })), existing, 'update')
    expect(plan.outcomes).toEqual([{ rowNumber: 1, outcome: { kind: 'update', contactId: 'contact-1' } }])
    expect(plan.updates).toEqual([expect.objectContaining({ id: 'contact-1', firstName: null, values: { company: 'Acme' }, tags: ['Yoga'] })])
  })

  it('treats a second row of the file with the same email as a duplicate too: skipped, or merged with the later values winning', () => {
    const first = row({ email: 'pat@example.test', values: { phone: '555-0100', city: 'Porto' }, tags: ['A'] })
    const second = row({ email: 'pat@example.test', firstName: 'Patricia', lastName: null, values: { phone: '555-0199' }, tags: ['a', 'B'] })
    const skipped = planBatch(rows(first, second), new Map(), 'skip')
    expect(kinds(skipped)).toEqual(['create', 'skip'])
    expect(skipped.creates).toHaveLength(1)
    const merged = planBatch(rows(first, second), new Map(), 'update')
    expect(kinds(merged)).toEqual(['create', 'update'])
    expect(merged.creates).toEqual([expect.objectContaining({ firstName: 'Patricia', lastName: 'Lee', values: { phone: '555-0199', city: 'Porto' }, tags: ['A', 'B'] })])
    expect(merged.updates).toEqual([])
  })

  it('merges several rows for one existing contact into one update', () => {
    const plan = planBatch(rows(row({ email: 'taken@example.test', values: { city: 'Lima' } }), row({ email: 'taken@example.test', values: { zip: '15001' } })), existing, 'update')
    expect(plan.updates).toEqual([expect.objectContaining({ id: 'contact-1', values: { city: 'Lima', zip: '15001' } })])
    expect(countOutcomes(plan.outcomes)).toEqual({ created: 0, updated: 2, skipped: 0, errors: 0 })
  })

  it('always creates a row without an email, and needs both names to create anyone', () => {
    const plan = planBatch(rows(row({}), row({}), row({ email: 'x@example.test', lastName: null }), row({ firstName: null, lastName: null }), 'Email: Please enter a valid email address.'), new Map(), 'update')
    expect(plan.outcomes.map((entry) => entry.outcome)).toEqual([
      { kind: 'create', contactId: expect.any(String) },
      { kind: 'create', contactId: expect.any(String) },
      { kind: 'error', message: 'Last Name is required!' },
      { kind: 'error', message: 'First Name is required! Last Name is required!' },
      { kind: 'error', message: 'Email: Please enter a valid email address.' },
    ])
    expect(new Set(plan.creates.map((write) => write.id)).size).toBe(2)
  })
})
