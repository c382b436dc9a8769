import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { Button } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { useIntegrationsWords, type IntegrationsKey } from '#app/components/integrations/use-integrations-words'
import { mailingListErrors, type MailingListField, type MailingListFormErrors, type MailingListFormValues } from '#server/mailing-list/mailing-list-form'

type Props = {
  isCreate: boolean
  values: MailingListFormValues
  /** The server's messages for the values last posted. */
  errors: MailingListFormErrors
  formError: string | null
  maskedKey: string
  cancelTo: string
  /** The rules' English messages in the page's language, for the checks run as a person types. */
  messages?: Readonly<Record<string, string>>
}

const LABELS: Record<MailingListField, IntegrationsKey> = {
  name: 'mailchimpAudienceName',
  listId: 'mailchimpAudienceId',
  apiKey: 'mailchimpApiKey',
  fromName: 'mailchimpFromName',
  fromEmail: 'mailchimpFromEmail',
}

/**
 * The mailing list form (settings spec, Mailing list page): a plain POST the server checks.
 * With JavaScript the same rules run as the person types: a field shows its message once
 * left, and Submit stays disabled while any rule fails. The API key is a password field that
 * never comes back filled; a saved key shows masked and may be left blank to keep it.
 */
export function MailingListForm({ isCreate, values, errors, formError, maskedKey, cancelTo, messages = {} }: Props) {
  const { t } = useIntegrationsWords()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const [hydrated, setHydrated] = useState(false)
  const [current, setCurrent] = useState<MailingListFormValues>(values)
  const [touched, setTouched] = useState<Partial<Record<MailingListField, boolean>>>({})
  useEffect(() => setHydrated(true), [])
  const live = hydrated ? mailingListErrors(current, !isCreate) : {}
  const invalid = hydrated && Object.keys(live).length > 0
  const messageOf = (field: MailingListField) => {
    const shown = hydrated && touched[field] ? live[field] : undefined
    const message = shown ?? (current[field] === values[field] ? errors[field] : undefined)
    return message ? [messages[message] ?? message] : null
  }
  const input = (field: MailingListField, options: { type?: string; autoComplete?: string; hint?: string; required?: boolean } = {}) => (
    <Field id={`mailing-list-${field}`} label={t(LABELS[field])} required={options.required ?? true} errors={messageOf(field)} hint={options.hint}>
      {(control) => (
        <input
          {...control}
          name={field}
          type={options.type ?? 'text'}
          defaultValue={field === 'apiKey' ? '' : values[field]}
          autoComplete={options.autoComplete ?? 'off'}
          spellCheck={false}
          maxLength={field === 'fromEmail' ? 254 : field === 'apiKey' ? 200 : 100}
          onChange={(event) => {
            const value = event.currentTarget.value
            setCurrent((before) => ({ ...before, [field]: value }))
          }}
          onBlur={() => setTouched((before) => ({ ...before, [field]: true }))}
          className={`${FIELD_INPUT_CLASSES} ${field === 'apiKey' || field === 'listId' ? 'font-mono' : ''}`}
        />
      )}
    </Field>
  )
  return (
    <Form method="post" className="flex flex-col gap-5" aria-describedby={formError ? 'mailing-list-form-error' : undefined} data-mailing-list-form>
      <input type="hidden" name="intent" value="save" />
      {formError ? (
        <div id="mailing-list-form-error" role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {formError}
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {input('name')}
        {input('listId')}
        {input('apiKey', {
          type: 'password',
          autoComplete: 'new-password',
          required: isCreate,
          hint: maskedKey ? t('mailchimpSavedKeyHint', { key: maskedKey }) : t('mailchimpApiKeyHint'),
        })}
        {input('fromName', { autoComplete: 'organization' })}
        {input('fromEmail', { type: 'email', autoComplete: 'email' })}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
          {t('cancel')}
        </Link>
        <Button type="submit" variant="primary" busy={saving} disabled={invalid} data-mailing-list-submit>
          {t('submit')}
        </Button>
      </div>
    </Form>
  )
}
