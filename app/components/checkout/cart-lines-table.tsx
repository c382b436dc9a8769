import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Trash2 } from 'lucide-react'
import { buttonClasses } from '#app/components/ui/button'
import { FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import type { CartView } from '#server/checkout/cart-view'

/**
 * The cart's lines with their quantities and totals. Each change is its own small form (a
 * quantity select with an Update button, a Remove button), so all of it works without JavaScript.
 */
export function CartLinesTable({ cart, title }: { cart: CartView; title?: string }) {
  const { t } = useTranslation('checkout')
  return (
    <section aria-labelledby="cart-heading" className="rounded-lg border border-slate-200 bg-white">
      <h2 id="cart-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
        {title ?? t('yourCart')}
      </h2>
      <ul className="divide-y divide-slate-200">
        {cart.lines.map((line) => (
          <li key={line.guid} className="space-y-3 px-4 py-4" data-cart-line={line.itemName}>
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {line.href ? (
                    <Link to={line.href} className="hover:underline">
                      {line.itemName}
                    </Link>
                  ) : (
                    line.itemName
                  )}
                </p>
                {line.optionName ? <p className="text-sm text-slate-600">{line.optionName}</p> : null}
                {line.unitPriceText !== t('free') && line.quantity > 1 ? <p className="text-sm text-slate-600">{t('each', { price: line.unitPriceText })}</p> : null}
                {line.laterText ? <p className="text-sm text-slate-600">{line.laterText}</p> : null}
              </div>
              <p className="shrink-0 font-semibold text-slate-900" data-line-total>
                {line.amountText}
              </p>
            </div>
            {line.problem ? (
              <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {line.problem}
              </p>
            ) : null}
            <div className="flex flex-wrap items-end gap-3">
              {line.maxQuantity > 1 ? (
                <Form method="post" className="flex items-end gap-2" preventScrollReset>
                  <input type="hidden" name="intent" value="quantity" />
                  <input type="hidden" name="line" value={line.guid} />
                  <div className="flex flex-col gap-1">
                    <label htmlFor={`quantity-${line.guid}`} className="text-xs font-medium text-slate-700">
                      {t('quantity')}
                    </label>
                    <select id={`quantity-${line.guid}`} name="quantity" defaultValue={line.quantity} className={`${FIELD_INPUT_CLASSES} w-20`}>
                      {Array.from({ length: Math.max(line.maxQuantity, line.quantity) }, (_, index) => index + 1).map((quantity) => (
                        <option key={quantity} value={quantity}>
                          {quantity}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="submit" className={buttonClasses({ variant: 'secondary', size: 'md' })} aria-label={t('updateQuantityOf', { item: line.itemName })}>
                    {t('update')}
                  </button>
                </Form>
              ) : (
                <p className="text-sm text-slate-600">{t('quantityIs', { quantity: line.quantity })}</p>
              )}
              <Form method="post" preventScrollReset className="flex">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="line" value={line.guid} />
                <button type="submit" className={buttonClasses({ variant: 'secondary', size: 'md' })} aria-label={t('removeItem', { item: line.itemName })}>
                  <Trash2 aria-hidden className="h-4 w-4" />
                  {t('remove')}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      <CartTotals totals={cart.totals} />
    </section>
  )
}

export function CartTotals({ totals }: { totals: Pick<CartView['totals'], 'subtotal' | 'discount' | 'discountLabel' | 'cardFees' | 'tax' | 'taxLabel' | 'total'> }) {
  const { t } = useTranslation('checkout')
  const rows: Array<[string, string]> = [[t('subtotal'), totals.subtotal]]
  if (totals.discount) rows.push([totals.discountLabel, totals.discount])
  if (totals.cardFees) rows.push([t('cardFees'), totals.cardFees])
  if (totals.tax) rows.push([totals.taxLabel, totals.tax])
  return (
    <dl className="space-y-1 border-t border-slate-200 px-4 py-3 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between text-slate-700">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between pt-1 text-base font-semibold text-slate-900">
        <dt>{t('total')}</dt>
        <dd data-cart-total>{totals.total}</dd>
      </div>
    </dl>
  )
}
