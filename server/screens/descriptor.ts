import { z } from 'zod'
import type { Language } from '#server/i18n/languages'
import { FORMAT_NAMES } from './formats'

/**
 * The JSON-schema subset screen descriptors may use. Both validators understand exactly this
 * subset: ajv on the server, and the small CSP-safe validator in the browser
 * (docs/decisions/020). A descriptor using anything else is refused when it is loaded.
 */
export type JsonPrimitive = string | number | boolean
export type JsonValue = JsonPrimitive | null | JsonValue[] | { [key: string]: JsonValue }

export const SCALAR_TYPES = ['string', 'number', 'integer', 'boolean'] as const
export type FieldType = (typeof SCALAR_TYPES)[number] | 'array' | 'object'

export interface FieldSchema {
  type: FieldType
  title?: string
  description?: string
  default?: JsonValue
  readOnly?: boolean
  enum?: JsonPrimitive[]
  const?: JsonPrimitive
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: (typeof FORMAT_NAMES)[number]
  minimum?: number
  maximum?: number
  multipleOf?: number
  items?: FieldSchema
  uniqueItems?: boolean
  minItems?: number
  maxItems?: number
  properties?: Record<string, FieldSchema>
  required?: string[]
}

/** `if` names the fields whose values switch the rule on; `then`/`else` add requirements. */
export interface ConditionalRule {
  if: { properties: Record<string, { const: JsonPrimitive }>; required: string[] }
  then?: { required: string[] }
  else?: { required: string[] }
}

export interface ScreenSchema {
  type: 'object'
  title?: string
  properties: Record<string, FieldSchema>
  required?: string[]
  allOf?: ConditionalRule[]
}

/** The validation keywords whose message a descriptor may set per field. */
export const MESSAGE_KEYWORDS = [
  'required', 'type', 'enum', 'const', 'minLength', 'maxLength', 'pattern', 'format',
  'minimum', 'maximum', 'multipleOf', 'minItems', 'maxItems', 'uniqueItems',
] as const
export type MessageKeyword = (typeof MESSAGE_KEYWORDS)[number]

export interface ScreenMessages {
  /** Shown above the form whenever a submission is refused (the spec's 'Invalid Form!'). */
  invalid: string
  fields: Record<string, Partial<Record<MessageKeyword, string>>>
}

export type UiSchema = Record<string, JsonValue>

export interface ScreenDescriptor {
  key: string
  version: number
  title: string
  schema: ScreenSchema
  uiSchema: UiSchema
  messages: ScreenMessages
  /**
   * The language the descriptor's words were put into (translated-descriptor.ts); absent means
   * English, as shipped. The sentences made for a field without its own message follow it.
   */
  language?: Language
}

const primitive = z.union([z.string(), z.number(), z.boolean()])
const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([primitive, z.null(), z.array(jsonValue), z.record(jsonValue)]),
)

export const fieldSchemaSchema: z.ZodType<FieldSchema> = z.lazy(() =>
  z
    .object({
      type: z.enum(['string', 'number', 'integer', 'boolean', 'array', 'object']),
      title: z.string().optional(),
      description: z.string().optional(),
      default: jsonValue.optional(),
      readOnly: z.boolean().optional(),
      enum: z.array(primitive).min(1).optional(),
      const: primitive.optional(),
      minLength: z.number().int().min(0).optional(),
      maxLength: z.number().int().min(0).optional(),
      pattern: z.string().optional(),
      format: z.enum(FORMAT_NAMES).optional(),
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      multipleOf: z.number().positive().optional(),
      items: fieldSchemaSchema.optional(),
      uniqueItems: z.boolean().optional(),
      minItems: z.number().int().min(0).optional(),
      maxItems: z.number().int().min(0).optional(),
      properties: z.record(fieldSchemaSchema).optional(),
      required: z.array(z.string()).optional(),
    })
    .strict(),
)

const conditionalRuleSchema = z
  .object({
    if: z.object({ properties: z.record(z.object({ const: primitive }).strict()), required: z.array(z.string()) }).strict(),
    then: z.object({ required: z.array(z.string()) }).strict().optional(),
    else: z.object({ required: z.array(z.string()) }).strict().optional(),
  })
  .strict()

export const screenSchemaSchema = z
  .object({
    type: z.literal('object'),
    title: z.string().optional(),
    properties: z.record(fieldSchemaSchema),
    required: z.array(z.string()).optional(),
    allOf: z.array(conditionalRuleSchema).optional(),
  })
  .strict()

export const screenDescriptorSchema = z
  .object({
    key: z.string().regex(/^[a-z][a-z0-9-]{0,62}$/),
    version: z.number().int().min(1),
    title: z.string().min(1),
    schema: screenSchemaSchema,
    uiSchema: z.record(jsonValue),
    messages: z
      .object({
        invalid: z.string().min(1),
        fields: z.record(z.record(z.enum(MESSAGE_KEYWORDS), z.string())),
      })
      .strict(),
  })
  .strict()
  .superRefine((descriptor, ctx) => {
    const names = new Set(Object.keys(descriptor.schema.properties))
    const check = (list: string[] | undefined, where: string) => {
      for (const name of list ?? []) {
        if (!names.has(name)) ctx.addIssue({ code: 'custom', message: `${where} names unknown field "${name}"` })
      }
    }
    check(descriptor.schema.required, 'required')
    for (const rule of descriptor.schema.allOf ?? []) {
      check(Object.keys(rule.if.properties), 'if')
      check(rule.then?.required, 'then')
      check(rule.else?.required, 'else')
    }
    const order = descriptor.uiSchema['ui:order']
    if (Array.isArray(order)) check(order.filter((v): v is string => typeof v === 'string' && v !== '*'), 'ui:order')
    for (const [name, regex] of Object.entries(descriptor.schema.properties).map(([n, f]) => [n, f.pattern] as const)) {
      if (regex === undefined) continue
      try {
        new RegExp(regex, 'u')
      } catch {
        ctx.addIssue({ code: 'custom', message: `field "${name}" has an invalid pattern` })
      }
    }
  })

/** Checks a descriptor read from disk or built in code; throws with every problem listed. */
export function parseDescriptor(input: unknown): ScreenDescriptor {
  return screenDescriptorSchema.parse(input) as ScreenDescriptor
}

/** Fields that are required always or under a condition: none of them may be hidden. */
export function requiredFieldsOf(schema: ScreenSchema): Set<string> {
  const required = new Set(schema.required ?? [])
  for (const rule of schema.allOf ?? []) {
    for (const name of [...(rule.then?.required ?? []), ...(rule.else?.required ?? [])]) required.add(name)
  }
  return required
}

/** Fields whose value switches a conditional rule: hiding one would change what is required. */
export function controllingFieldsOf(schema: ScreenSchema): Set<string> {
  const fields = new Set<string>()
  for (const rule of schema.allOf ?? []) for (const name of Object.keys(rule.if.properties)) fields.add(name)
  return fields
}

/** The top-level field names in display order: the uiSchema order first, then the rest. */
export function fieldOrderOf(descriptor: Pick<ScreenDescriptor, 'schema' | 'uiSchema'>): string[] {
  const names = Object.keys(descriptor.schema.properties)
  const order = descriptor.uiSchema['ui:order']
  const listed = Array.isArray(order) ? order.filter((v): v is string => typeof v === 'string' && names.includes(v)) : []
  return [...listed, ...names.filter((name) => !listed.includes(name))]
}
