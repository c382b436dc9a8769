import { Mail, Phone } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ReactNode } from 'react'
import type { PriceView } from '#server/catalog/public/item-views'
import type { PurchaseInfo } from '#server/catalog/public/public-item-pages'

/** The price options of an item as a list: name and price, 'at least' for pay-what-you-like options. */
export function PriceList({ prices }: { prices: PriceView[] }) {
  const { t } = useTranslation('listings')
  if (prices.length === 0) return null
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label={t('prices')}>
      {prices.map((price) => (
        <li key={price.guid} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3" data-price-option={price.guid}>
          <span className="text-sm font-medium text-slate-800">{price.name}</span>
          <span className="text-base font-semibold text-slate-900">
            {price.isOtherPrice ? (price.minimumText ? t('payWhatYouLikeFrom', { amount: price.minimumText }) : t('payWhatYouLike')) : price.priceText}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** How to buy while there is no online checkout: the studio's email and phone from its settings. */
export function HowToBuy({ purchase, what }: { purchase: PurchaseInfo; what: 'buy' | 'register' | 'give' }) {
  const { t } = useTranslation('listings')
  const { email, phone } = purchase
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700" data-how-to-buy>
      <p>
        {email || phone ? t(`howToBuy_${what}`) : t(`howToBuyNoContact_${what}`)}
      </p>
      {email || phone ? (
        <ul className="mt-2 space-y-1">
          {email ? (
            <li className="flex items-center gap-2">
              <Mail aria-hidden className="h-4 w-4 shrink-0 text-slate-500" />
              <a href={`mailto:${email}`} className="break-all font-medium text-brand-text underline-offset-2 hover:underline">
                {email}
              </a>
            </li>
          ) : null}
          {phone ? (
            <li className="flex items-center gap-2">
              <Phone aria-hidden className="h-4 w-4 shrink-0 text-slate-500" />
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="font-medium text-brand-text underline-offset-2 hover:underline">
                {phone}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  )
}

/** A state that stops buying or registering, said plainly in a box (not only a badge). */
export function StateNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-slate-300 bg-slate-100 p-4 text-sm font-medium text-slate-800" data-state-notice>
      {children}
    </p>
  )
}
