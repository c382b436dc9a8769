import { Ajv } from 'ajv'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { shippedDescriptors } from '#screens/index'
import { checkAgainstSchema, type SubsetSchema } from '#server/screens/check-against-schema'
import type { FieldSchema, ScreenDescriptor } from '#server/screens/descriptor'
import { FORMAT_CHECKS, FORMAT_NAMES } from '#server/screens/formats'
import { issuesFrom, withoutEmpty } from '#server/screens/validate-submission'

// The browser validates with the small CSP-safe validator, the server with ajv
// (docs/decisions/020). For the values a browser form can hold, both must find the same
// fields at fault.
const ajv = new Ajv({ allErrors: true, strict: false })
for (const name of FORMAT_NAMES) ajv.addFormat(name, { type: 'string', validate: FORMAT_CHECKS[name] })

function faultyFields(issues: Array<{ path: string[] }>): string[] {
  return [...new Set(issues.map((issue) => issue.path.join('.')))].sort()
}

const text = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 250, maxLength: 300 }),
  fc.constantFrom('a@b.co', 'x@', 'https://example.com/a', 'http://x', 'example.com', 'bad host.com', '#4d8dfc', '4D8DFC', 'red', '/uploads/abcdefghijklmnopqrst.png', '555-010-0001', '12'),
)

/** Values around every limit the field sets, plus anything else a form could hold. */
function valueFor(field: FieldSchema): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), text)
  const options = field.enum ? [fc.constantFrom(...field.enum)] : []
  const lengths = [field.minLength, field.maxLength].filter((n): n is number => n !== undefined).flatMap((n) => [n - 1, n, n + 1]).filter((n) => n >= 0)
  const edges = [field.minimum, field.maximum].filter((n): n is number => n !== undefined).flatMap((n) => [n - 1, n - 0.5, n, n + 0.5, n + 1])
  switch (field.type) {
    case 'string':
      return fc.oneof(
        fc.constant(undefined),
        ...options,
        text,
        ...(lengths.length > 0 ? [fc.constantFrom(...lengths).map((n) => 'x'.repeat(n)), fc.constantFrom(...lengths).map((n) => '😀'.repeat(n))] : []),
        wrong,
      )
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.constant(undefined),
        fc.integer({ min: -5, max: 3000 }),
        fc.double({ min: -10, max: 200, noNaN: true }),
        ...(edges.length > 0 ? [fc.constantFrom(...edges)] : []),
        wrong,
      )
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constant(undefined), wrong)
    case 'array':
      return fc.oneof(
        fc.constant(undefined),
        fc.array(field.items ? valueFor(field.items) : text, { maxLength: 5 }),
        ...(field.items?.enum ? [fc.array(fc.constantFrom(...field.items.enum), { maxLength: 6 })] : []),
        wrong,
      )
    case 'object':
      return fc.constant({})
  }
}

function formValues(descriptor: ScreenDescriptor): fc.Arbitrary<Record<string, unknown>> {
  const record: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [name, field] of Object.entries(descriptor.schema.properties)) record[name] = valueFor(field)
  return fc.record(record).map((values) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)))
}

describe('the browser validator agrees with ajv', () => {
  for (const descriptor of shippedDescriptors().values()) {
    it(`on ${descriptor.key}`, () => {
      const validate = ajv.compile(descriptor.schema)
      fc.assert(
        fc.property(formValues(descriptor), (values) => {
          const ours = faultyFields(checkAgainstSchema(descriptor.schema as SubsetSchema, values))
          const data = withoutEmpty(values)
          validate(data)
          const theirs = faultyFields(issuesFrom(validate.errors ?? []))
          expect(ours).toEqual(theirs)
        }),
        { numRuns: 400 },
      )
    })
  }
})
