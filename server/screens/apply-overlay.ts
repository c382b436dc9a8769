import {
  controllingFieldsOf,
  fieldOrderOf,
  requiredFieldsOf,
  type FieldSchema,
  type JsonValue,
  type ScreenDescriptor,
  type UiSchema,
} from './descriptor'
import type { OverlayCustomField, ScreenOverlay } from './overlay'

/** What the customise screen says of an overlay entry that no longer fits its screen. */
export const OVERLAY_PROBLEMS = {
  customFieldsNotTaken: (label: string) => `"${label}" is a custom field, and this screen no longer takes custom fields; it is not shown.`,
  nameTaken: (label: string) => `"${label}" has the name of a field of the screen; it is not shown.`,
  fieldGone: (name: string) => `"${name}" is no longer on this screen; its changes are ignored.`,
  staysVisible: (label: string) => `"${label}" is required, so it stays visible.`,
  positionGone: (name: string) => `"${name}" is no longer on this screen; its position is ignored.`,
} as const

export interface OverlayProblem {
  field: string
  message: string
}

export interface AppliedOverlay {
  descriptor: ScreenDescriptor
  /** Parts of the overlay that were ignored, to show on the customise screen. */
  problems: OverlayProblem[]
  hidden: string[]
}

/** Whether a screen takes the tenant's custom fields: `"ui:options": { "customFields": true }` at its root. */
export function allowsCustomFields(descriptor: Pick<ScreenDescriptor, 'uiSchema'>): boolean {
  const options = descriptor.uiSchema['ui:options']
  return isRecord(options) && options.customFields === true
}

/**
 * The effective descriptor: the shipped one with the tenant's overlay applied. Pure; the base
 * is never changed. Anything the overlay asks that the base no longer allows (a field that is
 * gone, hiding a field that is now required) is ignored and reported.
 */
export function applyOverlay(base: ScreenDescriptor, overlay: ScreenOverlay): AppliedOverlay {
  const descriptor = structuredClone(base)
  const properties = descriptor.schema.properties
  const problems: OverlayProblem[] = []
  const hidden: string[] = []
  const required = requiredFieldsOf(base.schema)
  const controlling = controllingFieldsOf(base.schema)

  if (overlay.customFields.length > 0 && !allowsCustomFields(base)) {
    for (const field of overlay.customFields) {
      problems.push({ field: field.name, message: OVERLAY_PROBLEMS.customFieldsNotTaken(field.label) })
    }
  } else {
    for (const field of overlay.customFields) {
      if (field.name in properties) {
        problems.push({ field: field.name, message: OVERLAY_PROBLEMS.nameTaken(field.label) })
        continue
      }
      addCustomField(descriptor, field)
    }
  }

  for (const [name, change] of Object.entries(overlay.fields)) {
    const field = properties[name]
    if (!field) {
      problems.push({ field: name, message: OVERLAY_PROBLEMS.fieldGone(name) })
      continue
    }
    if (change.label) relabel(descriptor, name, field, change.label)
    if (change.help !== undefined) setUi(descriptor.uiSchema, name, 'ui:help', change.help)
    if (change.hidden) {
      if (required.has(name) || controlling.has(name)) {
        problems.push({ field: name, message: OVERLAY_PROBLEMS.staysVisible(field.title ?? name) })
      } else {
        hidden.push(name)
      }
    }
  }

  const order = orderWith(descriptor, overlay.order, problems)
  for (const name of hidden) {
    delete properties[name]
    delete descriptor.uiSchema[name]
  }
  descriptor.uiSchema['ui:order'] = order.filter((name) => !hidden.includes(name))
  return { descriptor, problems, hidden }
}

function orderWith(descriptor: ScreenDescriptor, wanted: string[] | undefined, problems: OverlayProblem[]): string[] {
  const natural = fieldOrderOf(descriptor)
  if (!wanted) return natural
  const known = wanted.filter((name, index) => natural.includes(name) && wanted.indexOf(name) === index)
  for (const name of wanted) {
    if (!natural.includes(name)) problems.push({ field: name, message: OVERLAY_PROBLEMS.positionGone(name) })
  }
  return [...known, ...natural.filter((name) => !known.includes(name))]
}

function relabel(descriptor: ScreenDescriptor, name: string, field: FieldSchema, label: string): void {
  const previous = field.title
  field.title = label
  // The spec's messages name the field ('Organization Name is required!'): follow the new label.
  const messages = descriptor.messages.fields[name]
  if (!messages || !previous) return
  for (const keyword of Object.keys(messages) as Array<keyof typeof messages>) {
    const message = messages[keyword]
    if (message) messages[keyword] = message.split(previous).join(label)
  }
}

function addCustomField(descriptor: ScreenDescriptor, field: OverlayCustomField): void {
  const { name } = field
  const base = { title: field.label }
  const schema: FieldSchema =
    field.type === 'number'
      ? { ...base, type: 'number' }
      : field.type === 'checkbox'
        ? { ...base, type: 'boolean' }
        : field.type === 'radio' || field.type === 'dropdown'
          ? { ...base, type: 'string', enum: field.options.length > 0 ? field.options : [''] }
          : { ...base, type: 'string', maxLength: field.type === 'textarea' ? 5000 : 500 }
  if (field.required && field.type === 'checkbox') schema.const = true
  descriptor.schema.properties[name] = schema
  if (field.required) descriptor.schema.required = [...(descriptor.schema.required ?? []), name]
  const widget = { textarea: 'textarea', radio: 'radio', dropdown: 'select', checkbox: 'checkbox', text: undefined, number: undefined }[field.type]
  if (widget) setUi(descriptor.uiSchema, name, 'ui:widget', widget)
  if (field.help) setUi(descriptor.uiSchema, name, 'ui:help', field.help)
  if (field.required) {
    descriptor.messages.fields[name] = { required: `${field.label} is required!`, const: `${field.label} is required!` }
  }
}

function setUi(uiSchema: UiSchema, name: string, key: string, value: JsonValue): void {
  const current = uiSchema[name]
  uiSchema[name] = { ...(isRecord(current) ? current : {}), [key]: value }
}

/**
 * The descriptor with a request-time list of choices for one field (e.g. the tenant's admins
 * for Account Owner). The cached descriptor is not changed: only the touched parts are copied.
 */
export function withFieldOptions(
  descriptor: ScreenDescriptor,
  name: string,
  options: ReadonlyArray<{ value: string; label: string }>,
): ScreenDescriptor {
  const field = descriptor.schema.properties[name]
  if (!field) return descriptor
  const labels: Record<string, JsonValue> = {}
  for (const option of options) labels[option.value] = option.label
  const ui = descriptor.uiSchema[name]
  return {
    ...descriptor,
    schema: {
      ...descriptor.schema,
      properties: { ...descriptor.schema.properties, [name]: { ...field, enum: options.map((option) => option.value) } },
    },
    uiSchema: { ...descriptor.uiSchema, [name]: { ...(isRecord(ui) ? ui : {}), 'ui:enumNames': labels } },
  }
}

export function isRecord(value: unknown): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
