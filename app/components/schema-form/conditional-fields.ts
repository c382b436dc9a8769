import type { ScreenDescriptor } from '#server/screens/descriptor'
import { fieldName } from '#server/screens/parse-form-submission'

/**
 * CSS that hides a field while another field does not have a value, from uiSchema
 * `ui:options.showWhen: { field, equals }` (the waiver link shows while the waiver is on). It is
 * CSS (`:has`), not React state, so it works before and without JavaScript too.
 */
export function conditionalFieldStyles(formId: string, descriptor: Pick<ScreenDescriptor, 'uiSchema'>): string {
  const rules: string[] = []
  for (const [field, ui] of Object.entries(descriptor.uiSchema)) {
    if (typeof ui !== 'object' || ui === null || Array.isArray(ui)) continue
    const options = (ui as Record<string, unknown>)['ui:options']
    if (typeof options !== 'object' || options === null || Array.isArray(options)) continue
    const showWhen = (options as Record<string, unknown>).showWhen
    if (typeof showWhen !== 'object' || showWhen === null) continue
    const { field: driver, equals } = showWhen as { field?: unknown; equals?: unknown }
    if (typeof driver !== 'string' || !/^[A-Za-z0-9_]+$/.test(driver) || !/^[A-Za-z0-9_]+$/.test(field)) continue
    const value = cssString(String(equals))
    const name = cssString(fieldName([driver]))
    const match = `:is([name="${name}"][value="${value}"]:checked, select[name="${name}"] option[value="${value}"]:checked)`
    rules.push(`#${cssIdent(formId)}:not(:has(${match})) [data-field="${field}"] { display: none; }`)
  }
  return rules.join('\n')
}

function cssString(value: string): string {
  return value.replace(/[\\"<>\n]/g, (character) => `\\${character.charCodeAt(0).toString(16)} `)
}

function cssIdent(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, (character) => `\\${character.charCodeAt(0).toString(16)} `)
}
