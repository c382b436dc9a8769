import { buttonClasses } from '#app/components/ui/button'
import { useTranslation } from 'react-i18next'
import { FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import type { PriceView } from '#server/catalog/public/item-views'

/** Whether the item has an option checkout takes online, so the page offers its Buy form. */
export function hasOnlinePrice(prices: readonly PriceView[]): boolean {
  return prices.some((price) => price.isSoldOnline)
}

/**
 * The Buy / Register button of an item: a plain POST that puts the chosen price option and
 * quantity in the cart, so it works without JavaScript. Only the options checkout takes online
 * are offered; checkout checks all of it again.
 */
export function BuyForm({ itemGuid, prices: allPrices, label, itemName }: { itemGuid: string; prices: PriceView[]; label: string; itemName: string }) {
  const { t } = useTranslation('listings')
  const prices = allPrices.filter((price) => price.isSoldOnline)
  const first = prices[0]
  if (!first) return null
  const maxQuantity = Math.max(...prices.map((price) => price.maxQuantity))
  return (
    <form method="post" action="/checkout" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" data-buy-form>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="item" value={itemGuid} />
      {prices.length === 1 ? (
        <input type="hidden" name="priceOption" value={first.guid} />
      ) : (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('chooseOption')}</legend>
          <div className="space-y-2">
            {prices.map((price, index) => (
              <label key={price.guid} className="flex cursor-pointer items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/5">
                <span className="flex items-center gap-2">
                  <input type="radio" name="priceOption" value={price.guid} defaultChecked={index === 0} className="h-4 w-4 accent-brand" />
                  {price.name}
                </span>
                <span className="font-semibold text-slate-900">{price.priceText}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {maxQuantity > 1 ? (
        <div>
          <label htmlFor="buy-quantity" className="mb-1 block text-sm font-medium text-slate-800">
            {t('quantity')}
          </label>
          <select id="buy-quantity" name="quantity" defaultValue="1" className={`${FIELD_INPUT_CLASSES} w-24`}>
            {Array.from({ length: maxQuantity }, (_, index) => index + 1).map((quantity) => (
              <option key={quantity} value={quantity}>
                {quantity}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <input type="hidden" name="quantity" value="1" />
      )}
      <button type="submit" className={buttonClasses({ variant: 'primary', size: 'md' }, 'w-full sm:w-auto')} aria-label={`${label}: ${itemName}`}>
        {label}
      </button>
    </form>
  )
}
