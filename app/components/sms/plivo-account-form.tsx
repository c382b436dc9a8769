import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { Button } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { useIntegrationsWords, type IntegrationsKey } from '#app/components/integrations/use-integrations-words'
import { plivoAccountErrors, type PlivoAccountErrors, type PlivoAccountField, type PlivoAccountValues } from '#server/sms/plivo-form'

type Props = {
  /** 'start' asks the terms and says Get Started; 'account' changes the saved account. */
  intent: 'start' | 'account'
  values: PlivoAccountValues
  /** The server's messages for the values last posted. */
  errors: PlivoAccountErrors
  formError: string | null
  hasToken: boolean
  /** The rules' English messages in the page's language, for the checks run as a person types. */
  messages?: Readonly<Record<string, string>>
}

/** The SMS terms a studio agrees to before texting through Plivo (docs/decisions/138), by their words. */
const PLIVO_TERMS: readonly IntegrationsKey[] = ['plivoTermConsent', 'plivoTermNameStudio', 'plivoTermStop', 'plivoTermCharges']

/**
 * The Plivo account form: a plain POST the server checks. Before Plivo is set up it carries the
 * terms and says Get Started (spec: terms not agreed, an agree checkbox and Get Started); after,
 * it changes the Auth ID and Auth Token. With JavaScript the same rules run as the person types
 * and the button stays disabled while any fails. The token never comes back filled: blank keeps it.
 */
export function PlivoAccountForm({ intent, values, errors, formError, hasToken, messages = {} }: Props) {
  const { t } = useIntegrationsWords()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const needsTerms = intent === 'start'
  const [hydrated, setHydrated] = useState(false)
  const [current, setCurrent] = useState<PlivoAccountValues>(values)
  const [touched, setTouched] = useState<Partial<Record<PlivoAccountField, boolean>>>({})
  useEffect(() => setHydrated(true), [])
  const live = hydrated ? plivoAccountErrors(current, hasToken, needsTerms) : {}
  const invalid = hydrated && Object.keys(live).length > 0
  const messageOf = (field: PlivoAccountField) => {
    const shown = hydrated && touched[field] ? live[field] : undefined
    const message = shown ?? (current[field] === values[field] ? errors[field] : undefined)
    return message ? [messages[message] ?? message] : null
  }
  const id = (field: PlivoAccountField) => `plivo-${intent}-${field}`
  const text = (field: 'authId' | 'authToken', label: string, hint: string) => (
    <Field id={id(field)} label={label} required={field === 'authId' || !hasToken} errors={messageOf(field)} hint={hint}>
      {(control) => (
        <input
          {...control}
          name={field}
          type={field === 'authToken' ? 'password' : 'text'}
          defaultValue={field === 'authToken' ? '' : current[field]}
          autoComplete={field === 'authToken' ? 'new-password' : 'off'}
          spellCheck={false}
          maxLength={field === 'authId' ? 100 : 200}
          onChange={(event) => {
            const value = event.currentTarget.value
            setCurrent((before) => ({ ...before, [field]: value }))
          }}
          onBlur={() => setTouched((before) => ({ ...before, [field]: true }))}
          className={`${FIELD_INPUT_CLASSES} font-mono`}
        />
      )}
    </Field>
  )
  const termsError = messageOf('agree')
  return (
    <Form method="post" className="flex flex-col gap-5" aria-describedby={formError ? `plivo-${intent}-error` : undefined} data-plivo-form={intent}>
      <input type="hidden" name="intent" value={intent} />
      {formError ? (
        <div id={`plivo-${intent}-error`} role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {formError}
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {text('authId', t('plivoAuthId'), t('plivoAuthIdHint'))}
        {text('authToken', t('twilioToken'), hasToken ? t('twilioTokenKeptHint') : t('twilioTokenHint'))}
      </div>
      {needsTerms ? (
        <fieldset className="rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t('plivoTerms')}</legend>
          <ul className="mb-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {PLIVO_TERMS.map((term) => (
              <li key={term}>{t(term)}</li>
            ))}
          </ul>
          <div className="flex items-start gap-2">
            <input
              id={id('agree')}
              type="checkbox"
              name="agree"
              defaultChecked={current.agree}
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? `${id('agree')}-error` : undefined}
              onChange={(event) => {
                const checked = event.currentTarget.checked
                setCurrent((before) => ({ ...before, agree: checked }))
                setTouched((before) => ({ ...before, agree: true }))
              }}
              className="mt-0.5 h-4 w-4 rounded border-slate-400"
            />
            <label htmlFor={id('agree')} className="text-sm font-medium text-slate-800">
              {t('plivoAgree')}
            </label>
          </div>
          {termsError ? (
            <p id={`${id('agree')}-error`} className="mt-1.5 text-sm text-red-700">
              {termsError.join(' ')}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" variant="primary" busy={saving} disabled={invalid} data-plivo-submit={intent}>
          {needsTerms ? t('plivoGetStarted') : t('save')}
        </Button>
      </div>
    </Form>
  )
}
