import { Form, useNavigation, type FetcherWithComponents } from '@remix-run/react'
import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ButtonLink, type ButtonVariant } from '#app/components/ui/button'
import { Dialog } from '#app/components/ui/dialog'

type ConfirmPlacement =
  /** A confirmation as its own address: drawn by the server, works without JavaScript; No goes back. */
  | { closeTo: string; open?: never; onClose?: never }
  /** Opened by the page (with JavaScript): No closes it. */
  | { open: boolean; onClose: () => void; closeTo?: never }

export type ConfirmDialogProps = ConfirmPlacement & {
  title: string
  /** Plain text content; or `children` for HTML content (website spec 2.11). */
  message?: string
  /** The content, inside the form: fields placed here are posted with Yes. */
  children?: ReactNode
  /** Posted with Yes, so one action can tell its forms apart. */
  intent?: string
  yesLabel?: string
  noLabel?: string
  yesVariant?: ButtonVariant
  /** Where Yes goes; this route's action by default. */
  action?: string
  method?: 'post' | 'get'
  /** Fields posted with Yes besides the intent (a selection, the page to return to). */
  hiddenFields?: ReadonlyArray<readonly [string, string]>
  /** Yes posts through this fetcher (the page stays, errors show in the dialog). */
  fetcher?: Pick<FetcherWithComponents<unknown>, 'Form' | 'state'>
  /** Yes leaves the app (a download): a native submission, not a Remix navigation. */
  reloadDocument?: boolean
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
  /** Yes calls this instead of submitting (the page sends the request its own way). */
  onConfirm?: () => void
  /** Shown busy whatever the navigation says (a request the page sent itself). */
  busy?: boolean
  /** The spec's size where it gives one (franchise delete: 450x205). */
  width?: number
  minHeight?: number
}

/**
 * The confirmation dialog (website spec 2.11): a title, HTML content, a cancel button ('No' by
 * default) and an action button ('Yes' by default) that posts its `intent`.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, message, children, intent, yesLabel, noLabel, yesVariant = 'danger', action, method = 'post', hiddenFields = [], fetcher, reloadDocument, onSubmit, onConfirm } = props
  const { t } = useTranslation('common')
  const navigation = useNavigation()
  const busy = props.busy ?? (fetcher ? fetcher.state !== 'idle' : navigation.state === 'submitting' && navigation.formAction === (action ?? navigation.formAction))
  const FormElement = fetcher ? fetcher.Form : Form
  const placement = props.closeTo !== undefined ? { closeTo: props.closeTo } : { open: props.open, onClose: props.onClose }
  return (
    <Dialog title={title} width={props.width ?? 490} minHeight={props.minHeight} {...placement}>
      <FormElement method={method} action={action} reloadDocument={reloadDocument} onSubmit={onSubmit}>
        {intent !== undefined ? <input type="hidden" name="intent" value={intent} /> : null}
        {hiddenFields.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <div className="flex flex-col gap-3 text-sm text-slate-700">{children ?? <p>{message}</p>}</div>
        <div className="mt-5 flex justify-end gap-3">
          {props.closeTo !== undefined ? (
            <ButtonLink to={props.closeTo} preventScrollReset variant="secondary">
              {noLabel ?? t('no')}
            </ButtonLink>
          ) : (
            <Button type="button" variant="secondary" onClick={props.onClose}>
              {noLabel ?? t('no')}
            </Button>
          )}
          <Button type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} variant={yesVariant} busy={busy} data-autofocus={yesVariant === 'danger' ? undefined : true}>
            {yesLabel ?? t('yes')}
          </Button>
        </div>
      </FormElement>
    </Dialog>
  )
}
