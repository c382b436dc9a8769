import { Form, Link } from '@remix-run/react'
import { AlertTriangle, CreditCard } from 'lucide-react'
import { Button, ButtonLink } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import type { MembershipStopping } from '#server/memberships/cancel-membership'
import type { MembershipBillingView } from '#server/memberships/membership-billing-view'

export const STOP_INTENT = 'stop-membership'

/**
 * A recurring membership's billing on a card (My Store for the member, the contact's
 * memberships for staff): the next payment, the card it is charged to, an unpaid invoice with
 * its Pay link, and Cancel (at period end; staff also at once) or Keep. `path` is the page's
 * own address, where the confirmation and the posts go.
 */
export function MembershipBillingPanel({
  billing,
  name,
  path,
  actor,
  noun = 'membership',
}: {
  billing: MembershipBillingView
  name: string
  path: string
  actor: 'member' | 'staff'
  /** What is billed: a membership, or a gift on repeat (the donor's words: 'Stop giving'). */
  noun?: 'membership' | 'gift'
}) {
  const words = billing.words
  const stopLink = (stop: 'period-end' | 'now') => `${path}${path.includes('?') ? '&' : '?'}stopMembership=${billing.guid}&stop=${stop}`
  return (
    <div className="mt-4 space-y-2 border-t border-slate-100 pt-3 text-sm" data-membership-billing={name}>
      {billing.nextText ? <p className="font-medium text-slate-900">{billing.nextText}</p> : null}
      {billing.endsText ? <p className="font-medium text-amber-800">{billing.endsText}</p> : null}
      <p className="flex items-start gap-2 text-slate-600">
        <CreditCard aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <span>
          {billing.cardText}
          {actor === 'member' ? (
            <>
              {' '}
              <Link to="/profile" className="font-medium text-brand-text underline-offset-2 hover:underline">
                {words.changeCard}
              </Link>
            </>
          ) : null}
        </span>
      </p>
      {billing.openInvoice ? (
        <p className="flex items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-red-800" data-open-invoice>
          <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            {billing.openInvoice.text}
            {billing.retryText ? ` ${billing.retryText}.` : ''}{' '}
            <a href={billing.openInvoice.path} className="font-semibold underline underline-offset-2">
              {actor === 'member' ? words.payNow : words.openInvoice}
            </a>
          </span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 pt-1">
        {billing.canCancelAtPeriodEnd ? (
          <ButtonLink to={stopLink('period-end')} preventScrollReset variant="secondary" size="sm">
            {actor === 'member' ? (noun === 'gift' ? words.stopGiving : words.cancelMembership) : words.cancelAtPeriodEnd}
          </ButtonLink>
        ) : null}
        {actor === 'staff' && billing.canCancelNow ? (
          <ButtonLink to={stopLink('now')} preventScrollReset variant="secondary" size="sm">
            {words.cancelNow}
          </ButtonLink>
        ) : null}
        {billing.canKeep ? (
          <Form method="post" action={path}>
            <input type="hidden" name="intent" value={STOP_INTENT} />
            <input type="hidden" name="membership" value={billing.guid} />
            <input type="hidden" name="stop" value="keep" />
            <Button type="submit" variant="secondary" size="sm">
              {noun === 'gift' ? words.keepGiving : words.keepMembership}
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  )
}

/** The confirmation of a stop, at the page's own address. */
export function MembershipStopDialog({ stopping, path, noun = 'membership' }: { stopping: MembershipStopping; path: string; noun?: 'membership' | 'gift' }) {
  const { words } = stopping
  return (
    <ConfirmDialog
      closeTo={path}
      title={noun === 'gift' ? words.giftTitle : words.membershipTitle}
      message={words.message}
      yesLabel={words.yes}
      noLabel={words.no}
      intent={STOP_INTENT}
      hiddenFields={[
        ['membership', stopping.guid],
        ['stop', stopping.stop],
      ]}
      action={path}
    />
  )
}
