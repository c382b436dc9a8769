import { Form, Link, useNavigation } from '@remix-run/react'
import { OverlayDialog } from './overlay-dialog'

/** A confirmation as its own URL: Yes posts the action, No goes back. */
export function ConfirmDialog({ title, message, closeTo, intent, yesLabel = 'Yes', noLabel = 'No' }: { title: string; message: string; closeTo: string; intent: string; yesLabel?: string; noLabel?: string }) {
  const busy = useNavigation().state === 'submitting'
  return (
    <OverlayDialog title={title} closeTo={closeTo} width={350}>
      <p className="text-sm text-slate-700">{message}</p>
      <Form method="post" className="mt-5 flex justify-end gap-3">
        <input type="hidden" name="intent" value={intent} />
        <Link to={closeTo} preventScrollReset className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
          {noLabel}
        </Link>
        <button type="submit" disabled={busy} className="rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60">
          {yesLabel}
        </button>
      </Form>
    </OverlayDialog>
  )
}
