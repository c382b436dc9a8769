import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { ButtonLink, Button } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { useIntegrationsWords } from '#app/components/integrations/use-integrations-words'

export interface SenderFormProps {
  values: { fromName: string; fromEmail: string }
  errors: { fromName?: string; fromEmail?: string }
  cancelTo: string | null
}

/**
 * The wizard's sender form (steps 0 and 1). Next is enabled only while both fields hold
 * something; without JavaScript it stays enabled and the server refuses with messages.
 */
export function SenderForm({ values, errors, cancelTo }: SenderFormProps) {
  const [fromName, setFromName] = useState(values.fromName)
  const [fromEmail, setFromEmail] = useState(values.fromEmail)
  const [hydrated, setHydrated] = useState(false)
  const navigation = useNavigation()
  const { t } = useIntegrationsWords()
  useEffect(() => setHydrated(true), [])
  const valid = fromName.trim() !== '' && fromEmail.trim() !== ''
  return (
    <Form method="post" className="flex flex-col gap-4" data-sender-form>
      <input type="hidden" name="intent" value="save" />
      <Field id="fromName" label={t('senderName')} required errors={errors.fromName ? [errors.fromName] : null}>
        {(control) => (
          <input {...control} name="fromName" autoComplete="organization" className={FIELD_INPUT_CLASSES} value={fromName} onChange={(e) => setFromName(e.target.value)} maxLength={200} />
        )}
      </Field>
      <Field
        id="fromEmail"
        label={t('senderEmail')}
        required
        hint={t('senderEmailHint')}
        errors={errors.fromEmail ? [errors.fromEmail] : null}
      >
        {(control) => <input {...control} name="fromEmail" type="email" autoComplete="email" className={FIELD_INPUT_CLASSES} value={fromEmail} onChange={(e) => setFromEmail(e.target.value)} maxLength={320} />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={hydrated && !valid} busy={navigation.state === 'submitting'}>
          {t('next')}
        </Button>
        {cancelTo ? (
          <ButtonLink to={cancelTo} variant="secondary">
            {t('cancel')}
          </ButtonLink>
        ) : null}
      </div>
    </Form>
  )
}
