import { Form, Link, useNavigation } from '@remix-run/react'
import { Settings } from 'lucide-react'
import { useEffect, useState, type MouseEvent } from 'react'
import { Button } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { useIntegrationsWords, type IntegrationsKey } from '#app/components/integrations/use-integrations-words'
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
  /** The rules' English messages in the page's language, for the checks run as a person types. */
  messages?: Readonly<Record<string, string>>
}

const LABELS: Record<TwilioField, IntegrationsKey> = {
  sender: 'twilioSender',
  sid: 'twilioSid',
  token: 'twilioToken',
  adminPhone: 'twilioAdminPhone',
  pageSize: 'twilioPageSize',
  pageWaitMinutes: 'twilioPageTimer',
}

const MAX: Record<TwilioField, number> = { sender: 100, sid: 100, token: 200, adminPhone: 32, pageSize: 5, pageWaitMinutes: 4 }

/**
 * The Twilio form (settings spec, Twilio page): a plain POST the server checks. With
 * JavaScript the same rules run as the person types, Submit stays disabled while any fails,
 * and the settings icon opens the advanced view in place; without it, the icon is a link to
 * `?advanced=1`. The auth token never comes back filled: blank keeps the saved one.
 */
export function TwilioForm({ values, errors, formError, hasToken, advanced: advancedAtFirst, toggleTo, cancelTo, messages = {} }: Props) {
  const { t } = useIntegrationsWords()
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
    return message ? [messages[message] ?? message] : null
  }
  const toggle = (event: MouseEvent) => {
    if (!hydrated) return
    event.preventDefault()
    setAdvanced((open) => !open)
  }
  const input = (field: TwilioField, options: { type?: string; inputMode?: 'numeric' | 'tel'; autoComplete?: string; hint?: string; required?: boolean } = {}) => (
    <Field id={`twilio-${field}`} label={t(LABELS[field])} required={options.required ?? true} errors={messageOf(field)} hint={options.hint}>
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
          {advanced ? t('hideAdvancedSettings') : t('advancedSettings')}
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {input('sender', { hint: t('twilioSenderHint') })}
        {input('sid', { hint: t('twilioSidHint') })}
        {input('token', {
          type: 'password',
          autoComplete: 'new-password',
          required: !hasToken,
          hint: hasToken ? t('twilioTokenKeptHint') : t('twilioTokenHint'),
        })}
        {input('adminPhone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', required: false, hint: t('twilioAdminPhoneHint') })}
      </div>
      {advanced ? (
        <fieldset id="twilio-advanced" className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t('sendingPace')}</legend>
          {input('pageSize', { inputMode: 'numeric', hint: t('twilioPageSizeHint') })}
          {input('pageWaitMinutes', { inputMode: 'numeric', hint: t('twilioPageTimerHint') })}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
          {t('cancel')}
        </Link>
        <Button type="submit" variant="primary" busy={saving} disabled={invalid} data-twilio-submit>
          {t('submit')}
        </Button>
      </div>
    </Form>
  )
}
