import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { Database } from '#db/types'
import { contactSearchCondition } from '#server/contacts/contact-search-condition'

// Compiles without a database, to see which ways of matching a typed text turns on.
const db = new Kysely<Database>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() },
})
const compiled = (text: string) => db.selectFrom('contacts').select('id').where(contactSearchCondition(text)).compile()

describe('how typed text searches contacts', () => {
  it.each([
    // text, contains (always), near spelling of a name, phone digits
    ['garcia', true, true, null],
    ['José García', true, true, null],
    ["o'connor", true, true, null],
    ['jo', true, false, null],
    ['person4242', true, false, null],
    ['maria@example.test', true, false, null],
    ['(555) 010-0142', true, false, '%5550100142%'],
    ['010', true, false, '%010%'],
    ['01', true, false, null],
    ['100%', true, false, null],
  ] as const)('%s', (text, contains, similar, digits) => {
    const { sql, parameters } = compiled(text)
    expect(sql.includes('search_text like search_fold(')).toBe(contains)
    expect(sql.includes('<% sort_name')).toBe(similar)
    expect(sql.includes('phone_digits like')).toBe(digits !== null)
    if (digits) expect(parameters).toContain(digits)
  })

  it('matches % and _ as themselves, not as wildcards', () => {
    expect(compiled('100%_x').parameters).toContain('%100\\%\\_x%')
  })
})
