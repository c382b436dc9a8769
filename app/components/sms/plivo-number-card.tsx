import { Form, useNavigation } from '@remix-run/react'
import { CircleCheck, Clock } from 'lucide-react'
import { Button, ButtonLink } from '#app/components/ui/button'
import { PLIVO_MESSAGES } from '#server/sms/plivo-form'

/** What to do while carriers have not approved the number (spec: a next-steps notice shows while the number is not approved). */
export const PLIVO_NEXT_STEPS = [
  'In the Plivo console, open Messaging > 10DLC and register your business (the brand) and how you text contacts (the campaign).',
  'Link this number to that campaign. Carriers usually approve it within a few days.',
  'We ask Plivo again by itself for a week (press Check approval to ask now). No texts go to contacts until the number shows Approved.',
] as const

/**
 * The studio's number with its state (spec: number owned, shows the number with 'Approved' or
 * 'Waiting for approval'), the next steps while it waits, and a button to ask Plivo again.
 */
export function PlivoNumberCard(props: { number: string; approved: boolean; refreshError: string | null; releaseError: string | null; releasePath: string }) {
  const { number, approved, refreshError, releaseError, releasePath } = props
  const navigation = useNavigation()
  const checking = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'refresh'
  return (
    <div className="flex flex-col gap-4" data-plivo-owned>
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-mono text-xl font-semibold text-slate-900">{number}</span>
        {approved ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-medium text-green-800" data-plivo-status="approved">
            <CircleCheck aria-hidden className="h-4 w-4" />
            {PLIVO_MESSAGES.approved}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-medium text-amber-900" data-plivo-status="waiting">
            <Clock aria-hidden className="h-4 w-4" />
            {PLIVO_MESSAGES.waiting}
          </span>
        )}
      </div>
      {releaseError ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {releaseError}
        </div>
      ) : null}
      {refreshError ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {refreshError}
        </div>
      ) : null}
      {approved ? (
        <p className="text-sm text-slate-600">Class reminders and messages from a contact&apos;s profile are texted from this number.</p>
      ) : (
        <section aria-labelledby="plivo-next-steps" className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950" data-plivo-next-steps>
          <h3 id="plivo-next-steps" className="mb-2 font-semibold">
            Next steps
          </h3>
          <p className="mb-2">US carriers deliver business texts from a local number only once it is registered for 10DLC messaging.</p>
          <ol className="mb-3 list-decimal space-y-1 pl-5">
            {PLIVO_NEXT_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <Form method="post">
            <input type="hidden" name="intent" value="refresh" />
            <Button type="submit" variant="secondary" busy={checking}>
              Check approval
            </Button>
          </Form>
        </section>
      )}
      <div>
        <ButtonLink to={releasePath} variant="secondary" preventScrollReset>
          Release number
        </ButtonLink>
      </div>
    </div>
  )
}
