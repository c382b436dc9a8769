import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'

/**
 * The student's personal calendar feed: a private address calendar apps subscribe to. The
 * address is shown once, when made (only its hash is kept); making a new one stops the old.
 */
export function CalendarFeedCard({ issuedAtText, newFeedUrl }: { issuedAtText: string | null; newFeedUrl: string | null }) {
  const { t } = useTranslation('portal')
  return (
    <Card title={t('calendarApp')}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>{t('calendarAppText')}</p>
        {newFeedUrl ? (
          <div className="space-y-1.5" role="status">
            <label htmlFor="feed-url" className="block font-medium text-slate-900">
              {t('privateLink')}
            </label>
            <input
              id="feed-url"
              readOnly
              value={newFeedUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs text-slate-900"
            />
            <p className="text-xs text-slate-600">{t('copyNow')}</p>
          </div>
        ) : issuedAtText ? (
          <p>{t('linkInUseSince', { date: issuedAtText })}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="feed-create" />
            <Button type="submit" size="sm" variant={issuedAtText ? 'secondary' : 'primary'}>
              {issuedAtText || newFeedUrl ? t('makeNewLink') : t('getLink')}
            </Button>
          </Form>
          {issuedAtText || newFeedUrl ? (
            <Form method="post">
              <input type="hidden" name="intent" value="feed-revoke" />
              <Button type="submit" size="sm" variant="secondary">
                {t('stopLink')}
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
    </Card>
  )
}
