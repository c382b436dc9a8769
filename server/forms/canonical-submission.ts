import { z } from 'zod'
import type { SubmissionValues } from './validate-submission'
import { sha256Hex, type Signature } from './signature'

/** What a signed submission's integrity hash covers: everything the signer saw and sent, and how. */
export interface CanonicalSubmission {
  submissionId: string
  formId: string
  formGuId: string
  formName: string
  formVersion: number
  submittedAt: string
  values: SubmissionValues
  signature: { method: 'drawn'; imageSha256: string } | { method: 'typed'; signedName: string } | null
  signedAt: string | null
  signerIp: string | null
  signerUserAgent: string | null
  /**
   * The form's own words around the fields as the signer saw them (sanitised HTML): what they
   * agreed to. Absent on submissions stored before it was kept, which still verify unchanged.
   */
  agreedTexts?: AgreedTexts
}

export interface AgreedTexts {
  beforeFormHtml: string
  subHeaderHtml: string
  afterFormHtml: string
}

export function canonicalSignature(signature: Signature | null): CanonicalSubmission['signature'] {
  if (!signature) return null
  return signature.method === 'drawn'
    ? { method: 'drawn', imageSha256: signature.imageSha256 }
    : { method: 'typed', signedName: signature.signedName }
}

/**
 * JSON with object keys sorted at every level and no white space, so the same submission
 * always gives the same bytes (and so the same hash), whatever order it was built in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null)
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
}

/** SHA-256 (hex) over the canonical submission: stored with it, shown to staff, printed in the PDF. */
export function integrityHashOf(submission: CanonicalSubmission): string {
  return sha256Hex(canonicalJson(submission))
}

const text = z.string().catch('')
const answerSchema = z.object({
  guId: text,
  sequence: z.number().catch(0),
  type: text,
  name: text,
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]).catch(null),
})
const valuesSchema = z.object({
  fullName: text, firstName: text, lastName: text, email: text, phone: text, dob: text,
  emergencyContactName: text, emergencyContactPhone: text,
  motherName: text, motherEmail: text, motherPhone: text, fatherName: text, fatherEmail: text, fatherPhone: text,
  customField: z.array(answerSchema).catch([]),
})

/**
 * A stored submission's values, read defensively: stored data can be damaged or tampered with,
 * and the staff views must still show what is there (and the integrity check must say so).
 */
export function readStoredValues(data: unknown): SubmissionValues {
  const values = typeof data === 'object' && data !== null ? (data as { values?: unknown }).values : undefined
  return valuesSchema.parse(typeof values === 'object' && values !== null ? values : {})
}

/** The agreed texts of a stored submission, or none when it predates them or they are damaged. */
export function readAgreedTexts(data: unknown): AgreedTexts | null {
  const texts = typeof data === 'object' && data !== null ? (data as { agreedTexts?: unknown }).agreedTexts : undefined
  const parsed = agreedTextsSchema.safeParse(texts)
  return parsed.success ? parsed.data : null
}

const agreedTextsSchema = z.object({ beforeFormHtml: z.string(), subHeaderHtml: z.string(), afterFormHtml: z.string() })
