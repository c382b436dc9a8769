import { Form, useNavigation } from '@remix-run/react'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Dialog } from '#app/components/ui/dialog'

type ConfirmText = {
  title: string
  message: string
  yesLabel?: string
  noLabel?: string
  /** 'danger' for what cannot be undone (the default); 'primary' for what only sends something. */
  tone?: 'danger' | 'primary'
}

/** The confirmation as its own address: Yes posts the intent (to `action`, else this page), No goes to `closeTo`. Works without JavaScript. */
type AddressConfirm = ConfirmText & { closeTo: string; intent: string; action?: string; open?: never; onClose?: never; onConfirm?: never; busy?: never }
/** Opened by the page (JavaScript): Yes calls `onConfirm`, which submits however the page does (a fetcher). */
type StateConfirm = ConfirmText & { open: boolean; onClose: () => void; onConfirm: () => void; busy?: boolean; closeTo?: never; intent?: never; action?: never }

/** A confirmation: a title, what will happen, No and Yes (website spec 2.11). */
export function ConfirmDialog(props: AddressConfirm | StateConfirm) {
  const { title, message, yesLabel = 'Yes', noLabel = 'No', tone = 'danger' } = props
  const navigation = useNavigation()
  if (props.closeTo === undefined) {
    return (
      <Dialog title={title} open={props.open} onClose={props.onClose} width={350}>
        <p className="text-sm text-slate-700">{message}</p>
        <div className="mt-5 flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={props.onClose}>
            {noLabel}
          </Button>
          <Button type="button" variant={tone} busy={props.busy} onClick={props.onConfirm} data-autofocus>
            {yesLabel}
          </Button>
        </div>
      </Dialog>
    )
  }
  const busy = navigation.state === 'submitting'
  return (
    <Dialog title={title} closeTo={props.closeTo} width={350}>
      <p className="text-sm text-slate-700">{message}</p>
      <Form method="post" action={props.action} className="mt-5 flex justify-end gap-3">
        <input type="hidden" name="intent" value={props.intent} />
        <ButtonLink to={props.closeTo} preventScrollReset variant="secondary">
          {noLabel}
        </ButtonLink>
        <Button type="submit" variant={tone} busy={busy}>
          {yesLabel}
        </Button>
      </Form>
    </Dialog>
  )
}
