import type {
  CustomValidator,
  ErrorSchema,
  ErrorTransformer,
  RJSFSchema,
  RJSFValidationError,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils'
import { createErrorHandler, toErrorList, unwrapErrorHandler } from '@rjsf/utils'
import { checkAgainstSchema, type SubsetSchema } from '#server/screens/check-against-schema'
import type { ScreenDescriptor } from '#server/screens/descriptor'
import { messageFor } from '#server/screens/messages'

export type FormValues = Record<string, unknown>

/** Field errors keyed 'name' or 'address.city', as the server sends them, in rjsf's shape. */
export function toErrorSchema(fieldErrors: Record<string, string[]>): ErrorSchema<FormValues> {
  const schema: Record<string, unknown> = {}
  for (const [path, messages] of Object.entries(fieldErrors)) {
    let node = schema
    for (const part of path.split('.')) {
      node[part] ??= {}
      node = node[part] as Record<string, unknown>
    }
    const errors = ((node.__errors as string[] | undefined) ??= [])
    for (const message of messages) if (!errors.includes(message)) errors.push(message)
  }
  return schema as ErrorSchema<FormValues>
}

/**
 * rjsf's validator interface over our CSP-safe subset validator: no ajv code generation, so no
 * 'unsafe-eval' (docs/decisions/020). Messages come from the descriptor, as on the server.
 */
export function createCspValidator(descriptor: Pick<ScreenDescriptor, 'schema' | 'messages' | 'language'>): ValidatorType<FormValues> {
  const validate = (schema: RJSFSchema, formData: unknown) => {
    const issues = checkAgainstSchema(schema as SubsetSchema, formData)
    const fieldErrors: Record<string, string[]> = {}
    const errors: RJSFValidationError[] = []
    for (const issue of issues) {
      const message = messageFor(descriptor, issue)
      const key = issue.path.join('.')
      const list = (fieldErrors[key] ??= [])
      if (list.includes(message)) continue
      list.push(message)
      errors.push({ name: issue.keyword, property: `.${key}`, message, stack: message, params: {} })
    }
    return { errors, errorSchema: toErrorSchema(fieldErrors) }
  }

  return {
    validateFormData(
      formData: FormValues | undefined,
      schema: RJSFSchema,
      customValidate?: CustomValidator<FormValues>,
      transformErrors?: ErrorTransformer<FormValues>,
      uiSchema?: UiSchema<FormValues>,
    ): ValidationData<FormValues> {
      let { errors, errorSchema } = validate(schema, formData ?? {})
      if (transformErrors) {
        errors = transformErrors(errors, uiSchema)
      }
      if (customValidate) {
        const handler = customValidate(formData ?? {}, createErrorHandler<FormValues>(formData ?? {}), uiSchema)
        const custom = unwrapErrorHandler<FormValues>(handler)
        errorSchema = mergeErrorSchemas(errorSchema, custom)
        errors = toErrorList<FormValues>(errorSchema)
      }
      return { errors, errorSchema }
    },
    isValid(schema: RJSFSchema, formData: FormValues | undefined): boolean {
      return checkAgainstSchema(schema as SubsetSchema, formData ?? {}).length === 0
    },
    rawValidation<Result = unknown>(schema: RJSFSchema, formData?: FormValues): { errors?: Result[]; validationError?: Error } {
      return { errors: validate(schema, formData ?? {}).errors as Result[] }
    },
  }
}

function mergeErrorSchemas(a: ErrorSchema<FormValues>, b: ErrorSchema<FormValues>): ErrorSchema<FormValues> {
  const result: Record<string, unknown> = { ...(a as Record<string, unknown>) }
  for (const [key, value] of Object.entries(b as Record<string, unknown>)) {
    if (key === '__errors') {
      result.__errors = [...((result.__errors as string[] | undefined) ?? []), ...((value as string[]) ?? [])]
    } else {
      result[key] = mergeErrorSchemas((result[key] ?? {}) as ErrorSchema<FormValues>, value as ErrorSchema<FormValues>)
    }
  }
  return result as ErrorSchema<FormValues>
}
