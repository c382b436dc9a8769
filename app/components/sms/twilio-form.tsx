import { Form, Link, useNavigation } from '@remix-run/react'
import { Settings } from 'lucide-react'
import { useEffect, useState, type MouseEvent } from 'react'
import { Button } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { twilioErrors, type TwilioField, type TwilioFormErrors, type TwilioFormValues } from '#server/sms/twilio-form'

type Props = {
  values: TwilioFormValues
  /** The server's messages for the values last posted. */
  errors: TwilioFormErrors
  formError: string | null
  hasToken: boolean
  /** The advanced view (page size and timer) is open. */
  advanced: boolean
  /** Where the settings icon leads without JavaScript: this page with the advanced view toggled. */
  toggleTo: string
  cancelTo: string
}

const LABELS: Record<TwilioField, string> = {
  sender: 'Phone or Messaging Service ID',
  sid: 'Account SID',
  token: 'Auth Token',
  adminPhone: 'Admin Phone',
  pageSize: 'Page Size',
  pageWaitMinutes: 'Page Timer (minutes)',
}

const MAX: Record<TwilioField, number> = { sender: 100, sid: 100, token: 200, adminPhone: 32, pageSize: 5, pageWaitMinutes: 4 }

/**
 * The Twilio form (settings spec, Twilio page): a plain POST the server checks. With
 * JavaScript the same rules run as the person types, Submit stays disabled while any fails,
 * and the settings icon opens the advanced view in place; without it, the icon is a link to
 * `?advanced=1`. The auth token never comes back filled: blank keeps the saved one.
 */
export function TwilioForm({ values, errors, formError, hasToken, advanced: advancedAtFirst, toggleTo, cancelTo }: Props) {
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const [hydrated, setHydrated] = useState(false)
  const [advanced, setAdvanced] = useState(advancedAtFirst)
  const [current, setCurrent] = useState<TwilioFormValues>(values)
  const [touched, setTouched] = useState<Partial<Record<TwilioField, boolean>>>({})
  useEffect(() => setHydrated(true), [])
  const live = hydrated ? twilioErrors(current, hasToken, advanced) : {}
  const invalid = hydrated && Object.keys(live).length > 0
  const messageOf = (field: TwilioField) => {
    const shown = hydrated && touched[field] ? live[field] : undefined
    const message = shown ?? (current[field] === values[field] ? errors[field] : undefined)
    return message ? [message] : null
  }
  const toggle = (event: MouseEvent) => {
    if (!hydrated) return
    event.preventDefault()
    setAdvanced((open) => !open)
  }
  const input = (field: TwilioField, options: { type?: string; inputMode?: 'numeric' | 'tel'; autoComplete?: string; hint?: string; required?: boolean } = {}) => (
    <Field id={`twilio-${field}`} label={LABELS[field]} required={options.required ?? true} errors={messageOf(field)} hint={options.hint}>
      {(control) => (
        <input
          {...control}
          name={field}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          defaultValue={field === 'token' ? '' : current[field]}
          autoComplete={options.autoComplete ?? 'off'}
          spellCheck={false}
          maxLength={MAX[field]}
          onChange={(event) => {
            const value = event.currentTarget.value
            setCurrent((before) => ({ ...before, [field]: value }))
          }}
          onBlur={() => setTouched((before) => ({ ...before, [field]: true }))}
          className={`${FIELD_INPUT_CLASSES} ${field === 'sid' || field === 'token' ? 'font-mono' : ''}`}
        />
      )}
    </Field>
  )
  return (
    <Form method="post" className="flex flex-col gap-5" aria-describedby={formError ? 'twilio-form-error' : undefined} data-twilio-form>
      <input type="hidden" name="intent" value="save" />
      {formError ? (
        <div id="twilio-form-error" role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {formError}
        </div>
      ) : null}
      <div className="flex justify-end">
        <Link
          to={toggleTo}
          onClick={toggle}
          aria-expanded={advanced}
          aria-controls="twilio-advanced"
          className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
          data-twilio-advanced-toggle
        >
          <Settings aria-hidden className="h-4 w-4" />
          {advanced ? 'Hide advanced settings' : 'Advanced settings'}
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {input('sender', { hint: 'The number messages come from (e.g. +15551234567), or a Messaging Service ID (MG…).' })}
        {input('sid', { hint: 'Found on the Twilio console, under Account Info.' })}
        {input('token', {
          type: 'password',
          autoComplete: 'new-password',
          required: !hasToken,
          hint: hasToken ? 'A token is saved. Leave blank to keep it, or paste a new one.' : 'Kept encrypted and never shown again.',
        })}
        {input('adminPhone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', required: false, hint: 'Optional: the studio\u2019s own number, for notices to staff.' })}
      </div>
      {advanced ? (
        <fieldset id="twilio-advanced" className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-slate-900">Sending pace</legend>
          {input('pageSize', { inputMode: 'numeric', hint: 'Messages sent per page.' })}
          {input('pageWaitMinutes', { inputMode: 'numeric', hint: 'Minutes to wait between pages.' })}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
          Cancel
        </Link>
        <Button type="submit" variant="primary" busy={saving} disabled={invalid} data-twilio-submit>
          Submit
        </Button>
      </div>
    </Form>
  )
}
