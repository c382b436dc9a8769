import { Form } from '@remix-run/react'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'

/**
 * The student's personal calendar feed: a private address calendar apps subscribe to. The
 * address is shown once, when made (only its hash is kept); making a new one stops the old.
 */
export function CalendarFeedCard({ issuedAtText, newFeedUrl }: { issuedAtText: string | null; newFeedUrl: string | null }) {
  return (
    <Card title="Calendar app">
      <div className="space-y-3 text-sm text-slate-700">
        <p>Subscribe to your booked classes in Google Calendar, Apple Calendar or Outlook with a private link.</p>
        {newFeedUrl ? (
          <div className="space-y-1.5" role="status">
            <label htmlFor="feed-url" className="block font-medium text-slate-900">
              Your private calendar link
            </label>
            <input
              id="feed-url"
              readOnly
              value={newFeedUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs text-slate-900"
            />
            <p className="text-xs text-slate-600">Copy it now: it is shown only once. Anyone with the link can see your bookings.</p>
          </div>
        ) : issuedAtText ? (
          <p>A private link has been in use since {issuedAtText}.</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="feed-create" />
            <Button type="submit" size="sm" variant={issuedAtText ? 'secondary' : 'primary'}>
              {issuedAtText || newFeedUrl ? 'Make a new link' : 'Get my calendar link'}
            </Button>
          </Form>
          {issuedAtText || newFeedUrl ? (
            <Form method="post">
              <input type="hidden" name="intent" value="feed-revoke" />
              <Button type="submit" size="sm" variant="secondary">
                Stop the link
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
    </Card>
  )
}
