import { Form, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Dialog } from '#app/components/ui/dialog'
import { FIELD_INPUT_CLASSES, Field } from '#app/components/ui/field'

/**
 * The student's feedback dialog (website spec 2.14, 600x350): one message to the studio. A
 * plain POST to the page it sits on; Submit waits for a message once the page runs.
 */
export function FeedbackFormDialog({ closeTo, error, message: sent }: { closeTo: string; error: string | null; message: string }) {
  const [message, setMessage] = useState(sent)
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const { t } = useTranslation('portal')
  return (
    <Dialog title={t('feedback')} closeTo={closeTo} width={600} minHeight={350}>
      <Form method="post" className="flex flex-col gap-4" preventScrollReset>
        <input type="hidden" name="intent" value="feedback-send" />
        {/* No native 'required': the server's 'Message is required!' is the message people get. */}
        <Field id="feedback-message" label={t('message')} required errors={error ? [error] : null}>
          {(control) => (
            <textarea {...control} required={false} aria-required name="message" rows={6} maxLength={2000} value={message} onChange={(event) => setMessage(event.target.value)} className={FIELD_INPUT_CLASSES} autoFocus />
          )}
        </Field>
        <div className="flex justify-end gap-3">
          <ButtonLink to={closeTo} variant="secondary" preventScrollReset>
            {t('cancel')}
          </ButtonLink>
          <Button type="submit" variant="primary" disabled={hydrated && message.trim() === ''} busy={navigation.state === 'submitting'}>
            {t('submit')}
          </Button>
        </div>
      </Form>
    </Dialog>
  )
}
