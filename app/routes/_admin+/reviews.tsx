import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Star } from 'lucide-react'
import { Trans, useTranslation } from 'react-i18next'
import { PageHeader } from '#app/components/layout/page-header'
import { usePlatformWords } from '#app/components/platform-admin/use-platform-words'
import { screenMeta } from '#app/components/layout/page-title'
import { DateText } from '#app/components/ui/date-text'
import { PageSizeForm, PreviousNextNav } from '#app/components/ui/pagination'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireStaffArea } from '#app/utils/navigation.server'
import type { I18nHandle } from '#app/utils/i18n'
import { hasPermission } from '#server/auth/permissions'
import { shownDateIn } from '#server/dates/language-dates'
import { tFor } from '#server/i18n/server-translator'
import { FEEDBACK_PAGE_SIZES, feedbackPaging } from '#server/feedback/feedback-rules'
import { usableGoogleLink } from '#server/reviews/review-rules'
import { listReviews } from '#server/reviews/reviews'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'G-Reviews')

export const handle: I18nHandle = { i18n: ['platform'] }

/** G-Reviews (website spec 2.17, /reviews): what students rated and wrote, and who also posted on Google. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStaffArea(request, context)
  // The same paging as the feedback list: 50 a page, 50, 100 or 150.
  const paging = feedbackPaging(new URL(request.url).searchParams)
  const page = await listReviews(context.platform.database, tenant.id, paging)
  const showsContacts = hasPermission(tenant.settings.roles, user.role, 'showContacts')
  return {
    title: tFor(context.language, 'platform')('reviewsTitle'),
    hasGoogleLink: usableGoogleLink(tenant.settings.googleReviewLink) !== null,
    isAdmin: user.role === 'ROLE_ADMIN',
    reviews: page.data.map((review) => ({
      id: review.id,
      stars: review.stars,
      reviewText: review.reviewText,
      isReviewedOnGoogle: review.isReviewedOnGoogle,
      name: review.name,
      profileHref: showsContacts ? `/contacts/${review.contactGuid}/details` : null,
      when: shownDateIn(review.createdAt, tenant.settings, 'date', context.language),
    })),
    total: page.total,
    page: paging.page,
    size: paging.size,
  }
}

export default function ReviewsRoute() {
  const { reviews, total, page, size, hasGoogleLink, isAdmin } = useLoaderData<typeof loader>()
  const pageCount = Math.max(1, Math.ceil(total / size))
  const hrefOf = (to: number) => `/reviews?size=${size}&page=${to}`
  const { t } = usePlatformWords()
  const common = useTranslation('common').t
  return (
    <>
      <PageHeader title={t('reviewsTitle')} description={t('reviewsDescription')} />
      {hasGoogleLink ? null : (
        <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-800">
          {isAdmin ? (
            <Trans
              t={t}
              i18nKey="reviewsNoLinkAdmin"
              components={{ a: <Link to="/settings/website" className="font-medium text-brand-text underline underline-offset-2" /> }}
            />
          ) : (
            t('reviewsNoLink')
          )}
        </p>
      )}
      <Table caption={t('reviews')} hideCaption minWidth={640}>
        <TableHead>
          <HeaderCell>{t('colStudent')}</HeaderCell>
          <HeaderCell>{t('colRating')}</HeaderCell>
          <HeaderCell>{t('colReview')}</HeaderCell>
          <HeaderCell>{t('colOnGoogle')}</HeaderCell>
          <HeaderCell>{t('colDate')}</HeaderCell>
        </TableHead>
        <TableBody columnCount={5} empty={t('noReviewsYet')}>
          {reviews.map((review) => (
            <Row key={review.id} data-review={review.id}>
              <Cell className="font-medium">
                {review.profileHref ? (
                  <Link to={review.profileHref} className="text-brand-text underline-offset-2 hover:underline">
                    {review.name}
                  </Link>
                ) : (
                  review.name
                )}
              </Cell>
              <Cell>
                <span className="flex items-center gap-0.5 text-amber-600" role="img" aria-label={t('starsOfFive', { stars: review.stars })}>
                  {[1, 2, 3, 4, 5].map((value) => (
                    <Star key={value} aria-hidden className={`h-4 w-4 ${value <= review.stars ? 'fill-amber-400' : 'text-slate-300'}`} />
                  ))}
                </span>
              </Cell>
              <Cell className="max-w-md whitespace-pre-line break-words">{review.reviewText}</Cell>
              <Cell>{review.isReviewedOnGoogle ? common('yes') : common('no')}</Cell>
              <Cell className="whitespace-nowrap">
                <DateText value={review.when} />
              </Cell>
            </Row>
          ))}
        </TableBody>
      </Table>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
        <PageSizeForm id="reviews-size" sizes={FEEDBACK_PAGE_SIZES} current={size} hiddenFields={null} />
        <PreviousNextNav first={total === 0 ? 0 : (page - 1) * size + 1} last={Math.min(total, page * size)} total={total} previousHref={page > 1 ? hrefOf(page - 1) : null} nextHref={page < pageCount ? hrefOf(page + 1) : null} />
      </div>
    </>
  )
}
