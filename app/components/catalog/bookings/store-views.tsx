import { ShoppingBag, Ticket } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { MembershipBillingPanel } from '#app/components/memberships/membership-billing-panel'
import { Card } from '#app/components/ui/card'
import { EmptyState } from '#app/components/ui/empty-state'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import type { MyStorePage } from '#server/catalog/store/my-store'
import type { StorePage } from '#server/catalog/store/store-items'

/** The staff Store: every item on sale with price, stock and how many were taken. */
export function StaffStoreTable({ store }: { store: StorePage }) {
  const { t } = useTranslation('catalog')
  return (
    <div className="space-y-3">
      <Table caption={t('store_itemsOnSale')} hideCaption minWidth={720}>
        <TableHead>
          <HeaderCell>{t('store_item')}</HeaderCell>
          <HeaderCell>{t('store_type')}</HeaderCell>
          <HeaderCell>{t('price')}</HeaderCell>
          <HeaderCell align="end">{t('store_stock')}</HeaderCell>
          <HeaderCell align="end">{t('store_taken')}</HeaderCell>
          <HeaderCell>{t('status')}</HeaderCell>
        </TableHead>
        <TableBody columnCount={6} empty={t('store_nothingOnSale')}>
          {store.items.map((item) => (
            <Row key={item.id} data-store-item={item.name}>
              <HeaderCell scope="row">{item.name}</HeaderCell>
              <Cell>{item.kindText}</Cell>
              <Cell>{item.priceText}</Cell>
              <Cell align="end" className={item.isOutOfStock ? 'font-semibold text-red-800' : ''}>
                {item.stockText ?? <span aria-label={t('store_notStocked')}>-</span>}
              </Cell>
              <Cell align="end">{item.taken}</Cell>
              <Cell>
                <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${item.isPublished ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>
                  {item.isPublished ? t('published') : t('store_draft')}
                </span>
              </Cell>
            </Row>
          ))}
        </TableBody>
      </Table>
      <p className="text-sm text-slate-600">
        {t('store_takenNote')}
        {store.isTruncated ? ` ${t('store_onlyFirst', { number: store.items.length })}` : ''}
      </p>
    </div>
  )
}

/** My Store: the student's memberships with credits and expiry, and what they have taken. */
export function MyStore({ store }: { store: MyStorePage }) {
  const { t } = useTranslation('portal')
  return (
    <div className="space-y-6">
      <section aria-labelledby="my-memberships" className="space-y-3">
        <h2 id="my-memberships" className="text-lg font-semibold text-slate-900">
          {t('myMemberships')}
        </h2>
        {store.memberships.length === 0 ? (
          <EmptyState icon={Ticket} title={t('noMemberships')}>
            {t('noMembershipsText')}
          </EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {store.memberships.map((membership) => (
              <li key={membership.id} data-membership={membership.name} className={`rounded-xl border bg-white p-5 shadow-sm ${membership.isLive ? 'border-slate-200' : 'border-slate-200 opacity-80'}`}>
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <h3 className="text-base font-semibold text-slate-900">{membership.name}</h3>
                    <p className="text-sm text-slate-600">{membership.typeText}</p>
                  </div>
                  <span className={`rounded px-2 py-0.5 text-xs font-semibold ${membership.isLive ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>{membership.statusText}</span>
                </div>
                {membership.creditsText && membership.creditsTotal ? (
                  <div className="mt-4">
                    <p className="text-sm font-medium text-slate-900">{membership.creditsText}</p>
                    <div
                      className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
                      role="progressbar"
                      aria-label={t('creditsLeftLabel')}
                      aria-valuemin={0}
                      aria-valuemax={membership.creditsTotal}
                      aria-valuenow={membership.creditsLeft ?? 0}
                    >
                      <div className="h-full rounded-full bg-brand" style={{ width: `${Math.round(((membership.creditsLeft ?? 0) / membership.creditsTotal) * 100)}%` }} />
                    </div>
                  </div>
                ) : (
                  <p className="mt-4 text-sm font-medium text-slate-900">{t('unlimitedClasses')}</p>
                )}
                <dl className="mt-4 grid grid-cols-2 gap-2 text-xs text-slate-600">
                  <div>
                    <dt className="font-semibold text-slate-700">{t('valid')}</dt>
                    <dd>{membership.validityText}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-slate-700">{t('since')}</dt>
                    <dd>{membership.purchasedText}</dd>
                  </div>
                </dl>
                {membership.billing ? <MembershipBillingPanel billing={membership.billing} name={membership.name} path="/store" actor="member" /> : null}
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-slate-600">
          {t('classesBooked', { count: store.upcomingBookings })}{' '}
          <a href="/classes" className="font-medium text-brand-text underline-offset-2 hover:underline">
            {t('seeYourClasses')}
          </a>
        </p>
      </section>
      <Card title={t('purchases')} padding="flush">
        {store.purchases.length === 0 ? (
          <div className="p-5">
            <EmptyState icon={ShoppingBag} title={t('noPurchases')} />
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {store.purchases.map((purchase) => (
              <li key={purchase.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
                <div>
                  <p className="font-medium text-slate-900">{purchase.what}</p>
                  <p className="text-xs text-slate-600">{purchase.kindText}</p>
                </div>
                <time dateTime={purchase.dateIso} className="text-slate-700">
                  {purchase.dateText}
                </time>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
