import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { errorsOf, type PostedForm } from './form-state'

/** 'Add a room': one name, posted on its own so the room list of the class form grows. */
export function AddRoomForm({ action, posted }: { action: string; posted: PostedForm | null }) {
  const { t } = useTranslation('catalog')
  return (
    <Card title={t('rooms')}>
      <Form method="post" action={action} className="flex flex-wrap items-end gap-3">
        <Field id="room-name" label={t('newRoom')} errors={errorsOf(posted, 'roomName')} className="min-w-0 flex-1">
          {(control) => <input {...control} name="roomName" maxLength={100} className={FIELD_INPUT_CLASSES} />}
        </Field>
        <Button type="submit" name="intent" value="add-room" variant="secondary">
          {t('addRoom')}
        </Button>
      </Form>
    </Card>
  )
}
