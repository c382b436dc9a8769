import Form, { type IChangeEvent } from '@rjsf/core'
import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import { useNavigation, useSubmit } from '@remix-run/react'
import { useMemo, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { PublicFormView, RefusedPost } from '#server/forms/public-form'
import { createCspValidator, toErrorSchema, type FormValues } from '#app/components/schema-form/csp-validator'
import { NO_CONST_DEFAULTS, rootNameGenerator } from '#app/components/schema-form/form-context'
import { templates } from '#app/components/schema-form/templates'
import { widgets } from '#app/components/schema-form/widgets'
import { SignatureField } from '#app/components/signature/signature-field'
import { BotCheck, type BotCheckHandle } from './bot-check'
import { botCheckWords } from './bot-check-words'
import { HeadingWidget } from './heading-widget'
import type { StaticFormState } from './read-static-form'

const formWidgets = { ...widgets, heading: HeadingWidget }

/**
 * A public registration form, drawn from its generated descriptor with the themed rjsf parts.
 * Without JavaScript it is a plain form posting root[field] names (plus the signature and bot
 * check fields) and the server answers with the form again or the thank-you page. With it,
 * the same rules are checked as the visitor goes, the signature is drawn, ALTCHA runs, and
 * the post goes through Remix without a full reload.
 */
export interface PublicRegistrationFormProps {
  view: PublicFormView
  refused: RefusedPost | null
  action: string
  /** What the visitor had filled in on the server-rendered form before this one took over. */
  resumed?: Pick<StaticFormState, 'values' | 'signature' | 'signatureTyped'> | null
}

export function PublicRegistrationForm({ view, refused, action, resumed = null }: PublicRegistrationFormProps) {
  const { t } = useTranslation('forms')
  const submit = useSubmit()
  const navigation = useNavigation()
  const botCheck = useRef<BotCheckHandle>(null)
  const [formData, setFormData] = useState<FormValues>(() => resumed?.values ?? refused?.values ?? view.values)
  const [banner, setBanner] = useState<string | null>(refused?.formError ?? null)
  const [signError, setSignError] = useState<string | null>(refused?.fieldErrors.sign?.[0] ?? null)
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>(() => {
    const { sign: _sign, _form: _whole, ...fieldErrors } = refused?.fieldErrors ?? {}
    return fieldErrors
  })
  const validator = useMemo(() => createCspValidator(view.descriptor), [view.descriptor])
  const extraErrors = useMemo(() => toErrorSchema(serverErrors), [serverErrors])
  const busy = navigation.state === 'submitting' && navigation.formAction === action
  const formId = `form-${view.form.guId}`

  const signed = (form: HTMLFormElement): boolean => {
    const data = new FormData(form)
    const drawn = String(data.get('sign') ?? '')
    const typed = String(data.get('signTypedName') ?? '').trim()
    return drawn !== '' || (typed !== '' && data.get('signConsent') === 'on')
  }

  const handleSubmit = async (_event: IChangeEvent<FormValues>, nativeEvent: FormEvent<unknown>) => {
    nativeEvent.preventDefault()
    if (view.isPreview) return
    const form = document.getElementById(formId)
    if (!(form instanceof HTMLFormElement)) return
    if (view.form.isSignRequired && !signed(form)) {
      setSignError(view.messages.signatureRequired)
      form.querySelector<HTMLElement>('canvas, #signTypedName')?.focus()
      return
    }
    setBanner(null)
    await botCheck.current?.ready()
    submit(form, { method: 'post', action })
  }

  return (
    <div className="flex flex-col gap-4">
      {banner ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {banner}
        </p>
      ) : null}
      <Form<FormValues>
        id={formId}
        idPrefix={formId}
        method="post"
        action={action}
        schema={view.descriptor.schema as RJSFSchema}
        uiSchema={view.descriptor.uiSchema as UiSchema<FormValues>}
        formData={formData}
        validator={validator}
        templates={templates}
        widgets={formWidgets}
        nameGenerator={rootNameGenerator}
        // rjsf would fill a `const` in as the default: a required acknowledgement arrives ticked.
        experimental_defaultFormStateBehavior={NO_CONST_DEFAULTS}
        extraErrors={extraErrors}
        // Checked on submit only: errors appearing on blur move the Submit button under a tap.
        liveValidate={false}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        disabled={view.isPreview}
        onChange={(event) => {
          const next = event.formData ?? {}
          setServerErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([key]) => next[key] === formData[key])))
          setFormData(next)
        }}
        onError={(errors) => {
          // The spec's own words when the name is what is missing; the general message otherwise.
          const nameMissing = errors.some((error) => error.message === view.messages.nameRequired)
          setBanner(nameMissing ? view.messages.nameRequired : view.descriptor.messages.invalid)
          // The signature is told on this same try, not after the other fields are put right.
          const form = document.getElementById(formId)
          if (view.form.isSignRequired && form instanceof HTMLFormElement && !signed(form)) setSignError(view.messages.signatureRequired)
        }}
        onSubmit={(event, nativeEvent) => void handleSubmit(event, nativeEvent)}
        className="flex flex-col gap-6"
      >
        {view.form.isSignRequired ? (
          <SignatureField
            initial={resumed?.signature ?? refused?.signature ?? { sign: '', signTypedName: '', signConsent: false }}
            startTyped={resumed?.signatureTyped ?? false}
            signDate={view.signDate}
            error={signError}
            disabled={view.isPreview}
            onChange={(isSigned) => {
              if (isSigned) setSignError(null)
            }}
          />
        ) : null}
        <BotCheck ref={botCheck} stamp={refused?.stamp ?? view.stamp} disabled={view.isPreview} words={botCheckWords((key) => t(key))} />
        <div className="flex justify-end border-t border-slate-200 pt-4">
          <button
            type="submit"
            disabled={view.isPreview || busy}
            className="inline-flex items-center gap-2 rounded-md bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {busy ? (
              <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
            ) : null}
            {busy ? t('submitting') : t('submit')}
          </button>
        </div>
      </Form>
    </div>
  )
}
