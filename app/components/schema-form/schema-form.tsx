import Form, { type IChangeEvent } from '@rjsf/core'
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils'
import { Link, useFetcher, useFormAction } from '@remix-run/react'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { ScreenDescriptor } from '#server/screens/descriptor'
import { conditionalFieldStyles } from './conditional-fields'
import { createCspValidator, toErrorSchema, type FormValues } from './csp-validator'
import { followDependentChoices } from './dependent-choices'
import { NO_CONST_DEFAULTS, rootNameGenerator, type SchemaFormContext } from './form-context'
import { templates } from './templates'
import { useSchemaFormWords } from './use-schema-form-words'
import { widgets } from './widgets'

/** What an action answers a refused submission with (status 400). */
export interface SchemaFormResult {
  intent: string
  formError: string
  fieldErrors: Record<string, string[]>
  values: FormValues
}

export interface SchemaFormProps {
  /** The form's id, unique on the page; also the fetcher key. */
  id: string
  descriptor: ScreenDescriptor
  values: FormValues
  /** Posted as `intent`, telling the action which form of the page this is. */
  intent: string
  /** The action's answer to the last no-JavaScript post (useActionData), if any. */
  result?: SchemaFormResult | null
  submitLabel?: string
  cancelTo?: string
  /** Screen rules that follow a change, e.g. a new country picks its first time zone. */
  onValuesChange?: (next: FormValues, previous: FormValues) => FormValues
  /** Extra hidden inputs or buttons, rendered inside the form before the buttons. */
  children?: ReactNode
}

function isResultFor(value: unknown, intent: string): value is SchemaFormResult {
  return typeof value === 'object' && value !== null && (value as SchemaFormResult).intent === intent && 'fieldErrors' in value
}

/**
 * A descriptor-driven form: rendered on the server by rjsf with our theme, inside a real
 * <form method="post"> whose inputs are named root[field], so it works without JavaScript.
 * Once hydrated it validates as the user goes (same rules and messages as the server, without
 * eval) and submits through a fetcher, so the page is not reloaded.
 */
export function SchemaForm({ id, descriptor, values, intent, result, submitLabel, cancelTo, onValuesChange, children }: SchemaFormProps) {
  const word = useSchemaFormWords()
  const fetcher = useFetcher<SchemaFormResult>({ key: `schema-form:${id}` })
  const action = useFormAction()
  const posted = isResultFor(fetcher.data, intent) ? fetcher.data : isResultFor(result, intent) ? result : null
  const [formData, setFormData] = useState<FormValues>(() => posted?.values ?? values)
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>(() => posted?.fieldErrors ?? {})
  const [banner, setBanner] = useState<string | null>(() => posted?.formError ?? null)
  const [hydrated, setHydrated] = useState(false)
  const autoSubmitPending = useRef(false)
  const options = (descriptor.uiSchema['ui:options'] ?? {}) as Record<string, unknown>
  const autoSubmit = options.autoSubmit === true
  const encType = options.uploads === true ? 'multipart/form-data' : 'application/x-www-form-urlencoded'

  useEffect(() => setHydrated(true), [])

  // A fetcher answer replaces what the server said last time.
  useEffect(() => {
    if (!isResultFor(fetcher.data, intent)) return
    setServerErrors(fetcher.data.fieldErrors)
    setBanner(fetcher.data.formError)
  }, [fetcher.data, intent])

  useEffect(() => {
    if (!autoSubmitPending.current) return
    autoSubmitPending.current = false
    const form = document.getElementById(id)
    if (form instanceof HTMLFormElement) fetcher.submit(form, { method: 'post', action, encType })
  }, [formData, id, action, encType, fetcher])

  const validator = useMemo(() => createCspValidator(descriptor), [descriptor])
  const context: SchemaFormContext = { formId: id, values: formData }
  const extraErrors = useMemo(() => toErrorSchema(serverErrors) as ErrorSchema<FormValues>, [serverErrors])
  const busy = fetcher.state !== 'idle'
  const conditionalStyles = useMemo(() => conditionalFieldStyles(id, descriptor), [id, descriptor])

  const handleChange = (event: IChangeEvent<FormValues>) => {
    const previous = formData
    const followed = followDependentChoices(descriptor, event.formData ?? {}, previous)
    const next = onValuesChange ? onValuesChange(followed, previous) : followed
    // A field the user changed no longer carries what the server said about its old value.
    setServerErrors((errors) => {
      const kept = Object.fromEntries(Object.entries(errors).filter(([key]) => next[key.split('.')[0]] === previous[key.split('.')[0]]))
      return Object.keys(kept).length === Object.keys(errors).length ? errors : kept
    })
    if (autoSubmit) autoSubmitPending.current = true
    setFormData(next)
  }

  return (
    <div className="flex flex-col gap-4">
      {conditionalStyles ? <style dangerouslySetInnerHTML={{ __html: conditionalStyles }} /> : null}
      {banner ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {banner}
        </p>
      ) : null}
      <Form<FormValues>
        id={id}
        idPrefix={id}
        method="post"
        action={action}
        enctype={encType}
        schema={descriptor.schema as RJSFSchema}
        uiSchema={descriptor.uiSchema as UiSchema<FormValues>}
        formData={formData}
        formContext={context}
        validator={validator}
        templates={templates}
        widgets={widgets}
        nameGenerator={rootNameGenerator}
        // rjsf would fill a `const` in as the default: a required acknowledgement arrives ticked.
        experimental_defaultFormStateBehavior={NO_CONST_DEFAULTS}
        extraErrors={extraErrors}
        liveValidate="onBlur"
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        onChange={handleChange}
        onError={() => setBanner(descriptor.messages.invalid)}
        onSubmit={() => {
          setBanner(null)
          const form = document.getElementById(id)
          if (form instanceof HTMLFormElement) fetcher.submit(form, { method: 'post', action, encType })
        }}
        className="flex flex-col gap-6"
      >
        <input type="hidden" name="intent" value={intent} />
        {children}
        {!autoSubmit || !hydrated ? (
          <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
            {cancelTo ? (
              <Link to={cancelTo} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
                {word('sf_cancel')}
              </Link>
            ) : null}
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
            >
              {busy ? word('sf_saving') : (submitLabel ?? word('sf_submit'))}
            </button>
          </div>
        ) : (
          <p aria-live="polite" className="text-right text-xs text-slate-500">
            {busy ? word('sf_saving') : word('sf_savedAsYouGo')}
          </p>
        )}
      </Form>
    </div>
  )
}
