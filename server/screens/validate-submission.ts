import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { err, ok, type Refusal, type WordedResult } from '#server/errors/result'
import type { MessageKeyword, ScreenDescriptor, ScreenSchema } from './descriptor'
import { MESSAGE_KEYWORDS } from './descriptor'
import { FORMAT_CHECKS, FORMAT_NAMES } from './formats'
import { fieldErrorsFrom, type ValidationIssue } from './messages'
import { parseFormSubmission } from './parse-form-submission'

export type SubmissionValues = Record<string, unknown>

export interface AcceptedSubmission {
  /** Checked and coerced: numbers are numbers, blank fields are absent. */
  checked: SubmissionValues
  /** As the user sent them, to show the form again if a later rule refuses them. */
  posted: SubmissionValues
}

export interface RefusedSubmission {
  /** What the user sent, in the schema's shape, to show the form again as it was. */
  values: SubmissionValues
  /** Field path ('name', 'address.city') -> messages. */
  fieldErrors: Record<string, string[]>
  /** The screen's form-level message, e.g. 'Invalid Form!' (also the refusal's message). */
  formError: string
}

/** Accepted, or invalid_input with the screen's words and the form's state in `details`. */
export type SubmissionResult = WordedResult<AcceptedSubmission, 'invalid_input', RefusedSubmission>
export type SubmissionRefusal = Refusal<'invalid_input', RefusedSubmission>

/** What the user sent, accepted or not. */
export function postedValues(result: SubmissionResult): SubmissionValues {
  return result.ok ? result.value.posted : result.details.values
}

let ajv: Ajv | null = null
const compiled = new Map<string, ValidateFunction>()
const MAX_COMPILED = 500

function ajvInstance(): Ajv {
  if (!ajv) {
    ajv = new Ajv({ allErrors: true, coerceTypes: true, strict: false, useDefaults: false })
    for (const name of FORMAT_NAMES) ajv.addFormat(name, { type: 'string', validate: FORMAT_CHECKS[name] })
  }
  return ajv
}

/**
 * Compiled validators are kept per schema text: effective descriptors are cached objects, but
 * request-time options (e.g. the list of admins) make new objects with the same content.
 */
function validatorFor(schema: ScreenSchema): ValidateFunction {
  const key = JSON.stringify(schema)
  let validate = compiled.get(key)
  if (!validate) {
    if (compiled.size >= MAX_COMPILED) compiled.clear()
    validate = ajvInstance().compile(schema)
    compiled.set(key, validate)
  }
  return validate
}

/**
 * Validates a submission of a descriptor-driven form: the posted FormData (or values already
 * in the schema's shape) is read into the schema's shape, empty strings count as no value,
 * ajv checks it against the effective schema with type coercion, and every problem is worded
 * by the descriptor's messages. Never throws for anything a user can send.
 */
export function validateSubmission(descriptor: ScreenDescriptor, input: FormData | SubmissionValues): SubmissionResult {
  const values = input instanceof FormData ? parseFormSubmission(descriptor.schema, input) : input
  const data = withoutEmpty(values)
  const validate = validatorFor(descriptor.schema)
  if (validate(data)) return ok({ checked: data, posted: values })
  return refusedSubmission(descriptor, values, fieldErrorsFrom(descriptor, issuesFrom(validate.errors ?? [])))
}

/** Issues a domain check (zod invariants, uniqueness) found after the schema passed. */
export function refusedSubmission(
  descriptor: ScreenDescriptor,
  values: SubmissionValues,
  fieldErrors: Record<string, string[]>,
): SubmissionRefusal {
  const formError = descriptor.messages.invalid
  return err('invalid_input', formError, { values, fieldErrors, formError })
}

export function issuesFrom(errors: readonly ErrorObject[]): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  for (const error of errors) {
    if (!(MESSAGE_KEYWORDS as readonly string[]).includes(error.keyword)) continue
    const path = error.instancePath.split('/').slice(1).map(decodePointer)
    const keyword = error.keyword as MessageKeyword
    if (keyword === 'required') {
      issues.push({ path: [...path, String((error.params as { missingProperty: string }).missingProperty)], keyword })
      continue
    }
    issues.push({ path, keyword, limit: limitOf(error) })
  }
  return issues
}

function limitOf(error: ErrorObject): number | string | undefined {
  const params = error.params as Record<string, unknown>
  const limit = params.limit ?? params.format ?? params.multipleOf
  return typeof limit === 'number' || typeof limit === 'string' ? limit : undefined
}

function decodePointer(part: string): string {
  return part.replace(/~1/g, '/').replace(/~0/g, '~')
}

/** A deep copy without empty strings and nulls, so `required` treats a blank field as missing. */
export function withoutEmpty(values: SubmissionValues): SubmissionValues {
  const result: SubmissionValues = {}
  for (const [key, value] of Object.entries(values)) {
    if (value === '' || value === null || value === undefined) continue
    if (Array.isArray(value)) {
      result[key] = value
        .filter((item) => item !== '' && item !== null && item !== undefined)
        .map((item) => (isPlainObject(item) ? withoutEmpty(item) : item))
    }
    else if (isPlainObject(value)) result[key] = withoutEmpty(value)
    else result[key] = value
  }
  return result
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Blob)
}
