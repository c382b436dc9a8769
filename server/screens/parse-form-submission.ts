import type { FieldSchema, ScreenSchema } from './descriptor'
import { withoutControlCharacters } from '#server/text/without-control-characters'

/** The bracket names our themed form gives its inputs: root[name], root[address][city], root[tags][]. */
export function fieldName(path: readonly string[]): string {
  return `root${path.map((part) => `[${part}]`).join('')}`
}

/**
 * A companion checkbox that empties a field whose own input cannot post "no value" (a colour
 * picker always posts a colour; an image keeps its current address): clear[logo]=true.
 */
export function clearFieldName(path: readonly string[]): string {
  return `clear${path.map((part) => `[${part}]`).join('')}`
}

const TRUE_VALUES = new Set(['true', 'on', '1', 'yes'])

/** Longest text kept from one field; longer values are cut here and refused by maxLength. */
const MAX_TEXT = 100_000

/**
 * Reads a posted form into the schema's shape, driven by the schema (unknown names are
 * ignored). Strings are trimmed and kept as strings (ajv coerces numbers); a checkbox that was
 * not ticked posts nothing, so an absent boolean is false; lists come from `name[]` or
 * `name[0]`, `name[1]`...; `clear[name]` empties a field; files are left to the upload handling
 * of the screen.
 */
export function parseFormSubmission(schema: Pick<ScreenSchema, 'properties'>, form: FormData): Record<string, unknown> {
  return readObject(schema.properties, [], form)
}

function readObject(properties: Record<string, FieldSchema>, path: string[], form: FormData): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(properties)) {
    if (field.readOnly) continue
    const value = readField(field, [...path, name], form)
    if (value !== undefined) result[name] = value
  }
  return result
}

function readField(field: FieldSchema, path: string[], form: FormData): unknown {
  const name = fieldName(path)
  switch (field.type) {
    case 'boolean': {
      const values = form.getAll(name).filter((v): v is string => typeof v === 'string')
      // A yes/no radio posts 'false'; a checkbox posts 'true' or nothing.
      return values.some((v) => TRUE_VALUES.has(v.trim().toLowerCase()))
    }
    case 'array': {
      const values = [...form.getAll(`${name}[]`), ...indexedValues(form, name)]
      return values.filter((v): v is string => typeof v === 'string').map(clean).filter((v) => v !== '')
    }
    case 'object':
      return readObject(field.properties ?? {}, path, form)
    default: {
      if (form.get(clearFieldName(path)) === 'true') return ''
      const value = form.get(name)
      return typeof value === 'string' ? clean(value) : undefined
    }
  }
}

function indexedValues(form: FormData, name: string): FormDataEntryValue[] {
  const values: FormDataEntryValue[] = []
  for (let index = 0; index < 500; index++) {
    const value = form.get(`${name}[${index}]`)
    if (value === null) break
    values.push(value)
  }
  return values
}

function clean(value: string): string {
  return withoutControlCharacters(value.slice(0, MAX_TEXT).replace(/\r\n/g, '\n')).trim()
}
