import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Plus, Search, Tag } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { screenMeta } from '#app/components/layout/page-title'
import { PageHeader } from '#app/components/layout/page-header'
import { OfferStateChip } from '#app/components/offers/offer-state-chip'
import { Button, ButtonLink } from '#app/components/ui/button'
import { EmptyState } from '#app/components/ui/empty-state'
import { PreviousNextNav } from '#app/components/ui/pagination'
import { FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { loadOfferListScreen, requireOffersRole } from '#app/utils/offer-screens.server'
import { offerPath, OFFERS_PATH } from '#server/offers/offer-paths'
import { OFFER_LIST_STATES } from '#server/offers/offer-list'
import type { I18nHandle } from '#app/utils/i18n'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Offers')

export const handle: I18nHandle = { i18n: ['billing'] }

/** /offers: the studio's offer codes (spec 002 Offer), searched by code and filtered by state, in the URL. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireOffersRole(request, context)
  return loadOfferListScreen(access, request, context)
}

export default function OffersRoute() {
  const { query, total, rows, first, last, previousHref, nextHref } = useLoaderData<typeof loader>()
  const filtered = query.search !== '' || query.state !== ''
  const { t } = useTranslation('billing')
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader
        title={t('offers')}
        description={t('offersDescription')}
        actions={
          <ButtonLink to={`${OFFERS_PATH}/new`} variant="primary">
            <Plus aria-hidden className="h-4 w-4" /> {t('addOffer')}
          </ButtonLink>
        }
      />
      <Form method="get" action={OFFERS_PATH} className="flex flex-wrap items-end gap-3" role="search">
        <div className="flex min-w-0 basis-full flex-col gap-1.5 sm:max-w-xs sm:flex-1 sm:basis-auto">
          <label htmlFor="offer-search" className="text-sm font-medium text-slate-700">
            {t('searchByCode')}
          </label>
          <input id="offer-search" type="search" name="search" defaultValue={query.search} maxLength={30} autoCapitalize="characters" className={`${FIELD_INPUT_CLASSES} uppercase`} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="offer-state" className="text-sm font-medium text-slate-700">
            {t('offerStateFilter')}
          </label>
          <select id="offer-state" name="state" defaultValue={query.state} className={FIELD_INPUT_CLASSES}>
            {OFFER_LIST_STATES.map((state) => (
              <option key={state.value} value={state.value}>
                {t(`offerListState_${state.value || 'all'}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden className="h-4 w-4" /> {t('search')}
        </Button>
      </Form>

      {rows.length === 0 && !filtered ? (
        <EmptyState icon={Tag} title={t('noOffersYet')}>
          {t('noOffersYetText')}
        </EmptyState>
      ) : (
        <>
          <Table label={t('offers')} minWidth={720}>
            <TableHead>
              <HeaderCell>{t('columnCode')}</HeaderCell>
              <HeaderCell>{t('columnDiscount')}</HeaderCell>
              <HeaderCell>{t('columnAppliesTo')}</HeaderCell>
              <HeaderCell>{t('columnValid')}</HeaderCell>
              <HeaderCell>{t('columnUsed')}</HeaderCell>
              <HeaderCell>{t('columnState')}</HeaderCell>
            </TableHead>
            <TableBody columnCount={6} empty={<span>{t('noOffersMatch')}</span>}>
              {rows.map((row) => (
                <Row key={row.guid}>
                  <Cell>
                    <Link to={offerPath(row.guid)} className="font-mono font-medium text-slate-900 hover:text-brand-text hover:underline">
                      {row.code}
                    </Link>
                    {row.isBuyFirstAndGetOther ? <p className="text-xs text-slate-500">{t('offerType_buyFirstAndGetOther')}</p> : null}
                  </Cell>
                  <Cell className="whitespace-nowrap text-slate-700">{row.discountText}</Cell>
                  <Cell className="text-slate-700">{row.appliesTo}</Cell>
                  <Cell className="whitespace-nowrap text-slate-700">{row.validText}</Cell>
                  <Cell className="whitespace-nowrap text-slate-700">{row.usedText}</Cell>
                  <Cell>
                    <OfferStateChip state={row.state} />
                  </Cell>
                </Row>
              ))}
            </TableBody>
          </Table>
          <PreviousNextNav first={first} last={last} total={total} previousHref={previousHref} nextHref={nextHref} />
        </>
      )}
    </div>
  )
}
