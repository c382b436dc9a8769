/**
 * Screens from descriptors: the engine behind settings screens, the custom-field dialog and
 * registration forms.
 *
 * A descriptor is `{ key, version, title, schema, uiSchema, messages }`, pure JSON: `schema` is
 * the JSON-schema subset of ./descriptor.ts (checked strictly when loaded), `uiSchema` names
 * widgets and templates by string (registered once in app/components/schema-form/widgets),
 * `messages` holds the exact words per field and keyword plus the form-level `invalid`.
 *
 * On the server:
 * - `shippedDescriptor(key)` (#screens/index): the product's own descriptors, one JSON file each.
 * - `resolveEffectiveScreen(platform, tenant, key)`: base + the tenant's overlay, cached and
 *   dropped on every overlay write; `.descriptor` is what to render and validate with,
 *   `.problems` lists overlay entries that no longer fit the base.
 * - `applyOverlay(base, overlay)`: the same for a descriptor built in code (e.g. a registration
 *   form generated from a custom form), pure; `withFieldOptions(descriptor, field, options)`
 *   gives a field request-time choices without touching the cached object.
 * - `parseDescriptor(json)`: checks a descriptor built at run time; throws listing problems.
 * - `validateSubmission(descriptor, formData | values)`: reads root[field] names into the
 *   schema's shape, checks with ajv (coercion, blank = missing) and answers
 *   `ok({ checked, posted })` or `err('invalid_input', formError, { values, fieldErrors, formError })`
 *   with the descriptor's words (`postedValues(result)` reads what was sent either way). Never throws for anything a user can send. `refusedSubmission(...)`
 *   builds the same refusal for a domain rule that fails afterwards.
 *
 * In the browser: `<SchemaForm id intent descriptor values result />` from
 * #app/components/schema-form/schema-form renders it inside a real <form method="post">
 * (works without JavaScript), validates live with the CSP-safe validator and submits through a
 * fetcher; an action answers a refusal with `data({ intent, formError, fieldErrors, values },
 * { status: 400 })`.
 */
export { allowsCustomFields, applyOverlay, withFieldOptions, type AppliedOverlay, type OverlayProblem } from './apply-overlay'
export { parseDescriptor, type ScreenDescriptor, type FieldSchema, type ScreenSchema } from './descriptor'
export { resolveEffectiveScreen, type EffectiveScreen } from './effective-descriptor'
export { screenOverlaySchema, type ScreenOverlay, type OverlayCustomField } from './overlay'
export { fieldName, parseFormSubmission } from './parse-form-submission'
export { postedValues, refusedSubmission, validateSubmission, type SubmissionResult, type SubmissionValues } from './validate-submission'
export { shippedDescriptor } from '#screens/index'
