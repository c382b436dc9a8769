import { Form, useNavigation } from '@remix-run/react'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Dialog } from '#app/components/ui/dialog'

/** A confirmation as its own address: Yes posts the action with its intent, No goes back. */
export function ConfirmDialog({
  title,
  message,
  closeTo,
  intent,
  yesLabel = 'Yes',
  noLabel = 'No',
}: {
  title: string
  message: string
  closeTo: string
  intent: string
  yesLabel?: string
  noLabel?: string
}) {
  const busy = useNavigation().state === 'submitting'
  return (
    <Dialog title={title} closeTo={closeTo} width={350}>
      <p className="text-sm text-slate-700">{message}</p>
      <Form method="post" className="mt-5 flex justify-end gap-3">
        <input type="hidden" name="intent" value={intent} />
        <ButtonLink to={closeTo} preventScrollReset variant="secondary">
          {noLabel}
        </ButtonLink>
        <Button type="submit" variant="danger" busy={busy}>
          {yesLabel}
        </Button>
      </Form>
    </Dialog>
  )
}
