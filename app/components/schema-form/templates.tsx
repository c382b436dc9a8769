import type {
  DescriptionFieldProps,
  ErrorListProps,
  FieldErrorProps,
  FieldHelpProps,
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  ObjectFieldTemplatePropertyType,
  SubmitButtonProps,
  TemplatesType,
  TitleFieldProps,
} from '@rjsf/utils'
import { errorId, getUiOptions, helpId } from '@rjsf/utils'
import { Fragment, type ReactNode } from 'react'
import { useSchemaFormWords } from './use-schema-form-words'
import { BaseInputTemplate } from './widgets/base-input'

/** Widgets that draw their own label next to the control (a checkbox reads "[x] Label"). */
const SELF_LABELLED = new Set(['checkbox', 'switch'])
/** Widgets that are a group of controls: labelled by a caption, not a <label for>. */
const GROUPED = new Set(['radio', 'checkboxes'])

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors = [], rawHelp, hidden, required, displayLabel, schema, uiSchema, fieldPathId, hideError } = props
  if (schema.type === 'object') return children
  const name = fieldPathId.path.join('.')
  if (hidden) return <div className="hidden">{children}</div>
  const options = getUiOptions(uiSchema)
  const widget = typeof options.widget === 'string' ? options.widget : schema.type === 'boolean' ? 'checkbox' : 'text'
  const showLabel = displayLabel !== false && !SELF_LABELLED.has(widget)
  const errors = hideError ? [] : rawErrors.filter((message, index) => message && rawErrors.indexOf(message) === index)
  return (
    <div data-field={name} className={`flex flex-col gap-1.5 ${options.wide ? 'sm:col-span-2' : ''}`}>
      {showLabel ? (
        GROUPED.has(widget) ? (
          <span id={`${id}__label`} className="text-sm font-medium text-slate-700">
            {label}
            {required ? <RequiredMark /> : null}
          </span>
        ) : (
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            {label}
            {required ? <RequiredMark /> : null}
          </label>
        )
      ) : null}
      {children}
      {rawHelp ? (
        <p id={helpId(id)} className="text-xs text-slate-500">
          {rawHelp}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <ul id={errorId(id)} className="text-sm text-red-700">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function RequiredMark() {
  return (
    <span aria-hidden className="ml-0.5 text-red-600">
      *
    </span>
  )
}

interface Section {
  title: string
  fields: string[]
}

function sectionsOf(value: unknown): Section[] | null {
  if (!Array.isArray(value)) return null
  const sections = value.filter(
    (item): item is Section =>
      typeof item === 'object' && item !== null && typeof item.title === 'string' && Array.isArray(item.fields),
  )
  return sections.length > 0 ? sections : null
}

/**
 * The root object: a grid of fields, optionally in titled sections (uiSchema root
 * `ui:options.sections`), as cards when `sectionStyle` is 'cards'. Properties arrive in the
 * effective order, so a tenant's reordering holds inside each section too.
 */
function ObjectFieldTemplate({ properties, uiSchema, fieldPathId }: ObjectFieldTemplateProps) {
  const options = getUiOptions(uiSchema)
  const grid = `grid gap-x-6 gap-y-5 ${options.columns === 2 ? 'sm:grid-cols-2' : ''}`
  const sections = fieldPathId.path.length === 0 ? sectionsOf(options.sections) : null
  if (!sections) return <div className={grid}>{render(properties)}</div>
  const placed = new Set(sections.flatMap((section) => section.fields))
  const rest = properties.filter((property) => !placed.has(property.name))
  const cards = options.sectionStyle === 'cards'
  return (
    <div className={cards ? 'grid gap-4 sm:grid-cols-2' : 'flex flex-col gap-8'}>
      {sections.map((section) => {
        const inSection = properties.filter((property) => section.fields.includes(property.name))
        if (inSection.length === 0) return null
        return (
          <section
            key={section.title}
            aria-label={section.title}
            className={cards ? 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm' : ''}
          >
            <h2 className={cards ? 'mb-3 text-base font-semibold text-slate-900' : 'mb-4 text-lg font-semibold text-slate-900'}>
              {section.title}
            </h2>
            <div className={cards ? 'flex flex-col gap-3' : 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'}>{render(inSection)}</div>
          </section>
        )
      })}
      {rest.length > 0 ? <div className={grid}>{render(rest)}</div> : null}
    </div>
  )
}

function render(properties: ObjectFieldTemplatePropertyType[]): ReactNode {
  return properties.map((property) => <Fragment key={property.name}>{property.content}</Fragment>)
}

// The field template prints descriptions, help and errors itself, once.
function Nothing(_props: DescriptionFieldProps | FieldErrorProps | FieldHelpProps | ErrorListProps | TitleFieldProps) {
  return null
}

/** Our forms put their own Cancel and Submit buttons in as children; this is the fallback. */
function SubmitButton(_props: SubmitButtonProps) {
  const word = useSchemaFormWords()
  return (
    <button type="submit" className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark">
      {word('sf_submit')}
    </button>
  )
}

export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & { ButtonTemplates: Partial<TemplatesType['ButtonTemplates']> } = {
  FieldTemplate,
  ObjectFieldTemplate,
  BaseInputTemplate,
  DescriptionFieldTemplate: Nothing,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  ErrorListTemplate: Nothing,
  TitleFieldTemplate: Nothing,
  ButtonTemplates: { SubmitButton },
}
