import type { NameGeneratorFunction, Registry } from '@rjsf/utils'
import { fieldName } from '#server/screens/parse-form-submission'

/** What every widget of a schema form can see besides its own value. */
export interface SchemaFormContext {
  formId: string
  /** The whole form's current values, for widgets that depend on another field (time zone by country). */
  values: Record<string, unknown>
}

export function formContextOf(registry: Registry): SchemaFormContext {
  const context = registry.formContext as Partial<SchemaFormContext> | undefined
  return { formId: context?.formId ?? 'form', values: context?.values ?? {} }
}

/**
 * Input names are always root[field] whatever the form's id prefix, so several forms can share
 * a page (distinct ids) and the server reads every one of them the same way.
 */
export const rootNameGenerator: NameGeneratorFunction = (path, _idPrefix, isMultiValue) =>
  `${fieldName(path.map(String))}${isMultiValue ? '[]' : ''}`

export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:bg-slate-100 read-only:bg-slate-50 aria-[invalid=true]:border-red-500'

/** Defaults come from `default` only: a `const` (a box that must be ticked) is for the visitor to give. */
export const NO_CONST_DEFAULTS = { constAsDefaults: 'never' } as const
