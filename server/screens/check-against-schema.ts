import type { ConditionalRule, FieldSchema, JsonPrimitive } from './descriptor'
import { FORMAT_CHECKS, type FormatName } from './formats'
import type { ValidationIssue } from './messages'

/**
 * A validator for the descriptor subset that needs no code generation, so it runs under our
 * CSP (no 'unsafe-eval') in the browser. The server validates with ajv; a property-based test
 * checks that both reach the same verdict for every field of every shipped descriptor
 * (docs/decisions/020). An empty string counts as "no value", as it does on the server.
 */
export type SubsetSchema = Partial<FieldSchema> & {
  allOf?: Array<Partial<ConditionalRule>>
  if?: ConditionalRule['if']
  then?: { required?: string[] }
  else?: { required?: string[] }
}

export function checkAgainstSchema(schema: SubsetSchema, value: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  checkValue(schema, value, [], issues)
  return issues
}

export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

function checkValue(schema: SubsetSchema, value: unknown, path: string[], issues: ValidationIssue[]): void {
  if (isAbsent(value)) return
  if (schema.type && !hasType(schema.type, value)) {
    issues.push({ path, keyword: 'type' })
    return
  }
  if (schema.enum && !schema.enum.some((option) => option === value)) issues.push({ path, keyword: 'enum' })
  if (schema.const !== undefined && schema.const !== value) issues.push({ path, keyword: 'const' })
  if (typeof value === 'string') checkString(schema, value, path, issues)
  if (typeof value === 'number') checkNumber(schema, value, path, issues)
  if (Array.isArray(value)) checkArray(schema, value, path, issues)
  if (isPlainObject(value)) checkObject(schema, value, path, issues)
}

function hasType(type: FieldSchema['type'], value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isPlainObject(value)
  }
}

function checkString(schema: SubsetSchema, value: string, path: string[], issues: ValidationIssue[]): void {
  // Counted in code points, as ajv does.
  const length = [...value].length
  if (schema.minLength !== undefined && length < schema.minLength) issues.push({ path, keyword: 'minLength', limit: schema.minLength })
  if (schema.maxLength !== undefined && length > schema.maxLength) issues.push({ path, keyword: 'maxLength', limit: schema.maxLength })
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) issues.push({ path, keyword: 'pattern' })
  if (schema.format !== undefined) {
    const check = FORMAT_CHECKS[schema.format as FormatName]
    if (check && !check(value)) issues.push({ path, keyword: 'format', limit: schema.format })
  }
}

function checkNumber(schema: SubsetSchema, value: number, path: string[], issues: ValidationIssue[]): void {
  if (schema.minimum !== undefined && value < schema.minimum) issues.push({ path, keyword: 'minimum', limit: schema.minimum })
  if (schema.maximum !== undefined && value > schema.maximum) issues.push({ path, keyword: 'maximum', limit: schema.maximum })
  if (schema.multipleOf !== undefined && !isMultipleOf(value, schema.multipleOf)) {
    issues.push({ path, keyword: 'multipleOf', limit: schema.multipleOf })
  }
}

/** ajv's rule: the quotient must be an integer, within float rounding of the divisor's precision. */
function isMultipleOf(value: number, divisor: number): boolean {
  const quotient = value / divisor
  return Math.abs(Math.round(quotient) - quotient) < 1e-9
}

function checkArray(schema: SubsetSchema, list: unknown[], path: string[], issues: ValidationIssue[]): void {
  // Blank entries are dropped before validation on the server too.
  const value = list.filter((item) => !isAbsent(item))
  if (schema.minItems !== undefined && value.length < schema.minItems) issues.push({ path, keyword: 'minItems', limit: schema.minItems })
  if (schema.maxItems !== undefined && value.length > schema.maxItems) issues.push({ path, keyword: 'maxItems', limit: schema.maxItems })
  if (schema.uniqueItems) {
    // As ajv does: duplicates are looked for among items of the declared type only.
    const itemType = schema.items?.type
    const typed = itemType ? value.filter((item) => hasType(itemType, item)) : value
    if (new Set(typed.map((item) => JSON.stringify(item))).size !== typed.length) issues.push({ path, keyword: 'uniqueItems' })
  }
  if (schema.items) {
    const items = schema.items
    value.forEach((item, index) => checkValue(items, item, [...path, String(index)], issues))
  }
}

function checkObject(schema: SubsetSchema, value: Record<string, unknown>, path: string[], issues: ValidationIssue[]): void {
  const required = new Set(schema.required ?? [])
  const rules: Array<Partial<ConditionalRule>> = [...(schema.allOf ?? [])]
  if (schema.if) rules.push({ if: schema.if, then: schema.then as ConditionalRule['then'], else: schema.else as ConditionalRule['else'] })
  for (const rule of rules) {
    if (!rule.if) continue
    const branch = conditionHolds(rule.if, value) ? rule.then : rule.else
    for (const name of branch?.required ?? []) required.add(name)
  }
  for (const name of required) {
    if (isAbsent(value[name])) issues.push({ path: [...path, name], keyword: 'required' })
  }
  // A bare `if` schema (rjsf asks whether one holds) has const properties without types.
  for (const [name, fieldSchema] of Object.entries(schema.properties ?? {})) {
    checkValue(fieldSchema as SubsetSchema, value[name], [...path, name], issues)
  }
}

function conditionHolds(condition: ConditionalRule['if'], value: Record<string, unknown>): boolean {
  for (const name of condition.required) if (isAbsent(value[name])) return false
  for (const [name, rule] of Object.entries(condition.properties)) {
    const actual = value[name]
    if (!isAbsent(actual) && actual !== (rule.const as JsonPrimitive)) return false
  }
  return true
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
