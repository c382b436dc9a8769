import type { ScreenDescriptor } from '#server/screens/descriptor'

type Values = Record<string, unknown>

/**
 * When a field that narrows another select changes (`ui:options.filterBy` + `optionsByValue`),
 * the narrowed field takes the first of its new choices: a new country selects its first time
 * zone (settings spec 4). The server applies the same rule to posts made without JavaScript.
 */
export function followDependentChoices(descriptor: Pick<ScreenDescriptor, 'uiSchema'>, next: Values, previous: Values): Values {
  let result = next
  for (const [field, ui] of Object.entries(descriptor.uiSchema)) {
    if (typeof ui !== 'object' || ui === null || Array.isArray(ui)) continue
    const options = (ui as Record<string, unknown>)['ui:options']
    if (typeof options !== 'object' || options === null || Array.isArray(options)) continue
    const { filterBy, optionsByValue } = options as Record<string, unknown>
    if (typeof filterBy !== 'string' || typeof optionsByValue !== 'object' || optionsByValue === null) continue
    const driver = next[filterBy]
    if (driver === previous[filterBy] || typeof driver !== 'string') continue
    const choices = (optionsByValue as Record<string, unknown>)[driver]
    if (Array.isArray(choices) && choices.length > 0) result = { ...result, [field]: choices[0] }
  }
  return result
}
