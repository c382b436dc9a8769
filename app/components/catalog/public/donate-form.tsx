import { buttonClasses } from '#app/components/ui/button'
import { FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import type { DonationPageView } from '#server/catalog/public/public-item-pages'

const OTHER_AMOUNT = 'other'

/**
 * The Donate button's form: a suggested amount or one of the donor's own, once or on repeat,
 * sent to checkout with a plain GET (checkout checks it with parseDonationChoice).
 */
export function DonateForm({ donation }: { donation: DonationPageView }) {
  const firstAmount = donation.amounts[0]
  return (
    <form method="get" action="/checkout" className="space-y-5 rounded-lg border border-slate-200 bg-white p-4" data-donate-form>
      <input type="hidden" name="item" value={donation.guid} />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Amount ({donation.currency})</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {donation.amounts.map((amount, index) => (
            <label key={amount.amountMinor} className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-900 has-[:checked]:border-brand has-[:checked]:bg-brand/10">
              <input type="radio" name="amount" value={amount.amountMinor} defaultChecked={index === 0} className="h-4 w-4 accent-brand" />
              {amount.text}
            </label>
          ))}
          {donation.isOtherAmountAllowed ? (
            <label className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-900 has-[:checked]:border-brand has-[:checked]:bg-brand/10">
              <input type="radio" name="amount" value={OTHER_AMOUNT} defaultChecked={!firstAmount} className="h-4 w-4 accent-brand" />
              Other amount
            </label>
          ) : null}
        </div>
        {donation.isOtherAmountAllowed ? (
          <div className="mt-3">
            <label htmlFor="donate-other-amount" className="mb-1 block text-sm font-medium text-slate-800">
              Your amount, if other
            </label>
            <input id="donate-other-amount" name="otherAmount" inputMode="decimal" autoComplete="off" placeholder="25.00" className={`${FIELD_INPUT_CLASSES} w-40`} />
          </div>
        ) : null}
      </fieldset>
      {donation.frequencies.length > 1 ? (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">How often</legend>
          <div className="flex flex-wrap gap-2">
            {donation.frequencies.map((frequency, index) => (
              <label key={frequency.value} className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 has-[:checked]:border-brand has-[:checked]:bg-brand/10">
                <input type="radio" name="frequency" value={frequency.value} defaultChecked={index === 0} className="h-4 w-4 accent-brand" />
                {frequency.label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : donation.frequencies[0] ? (
        <input type="hidden" name="frequency" value={donation.frequencies[0].value} />
      ) : null}
      <button type="submit" className={buttonClasses({ variant: 'primary', size: 'md' }, 'w-full sm:w-auto')}>
        {donation.buttonLabel}
      </button>
    </form>
  )
}

/** Without online checkout: the amounts the campaign suggests, so a donor knows what to offer. */
export function SuggestedAmounts({ donation }: { donation: DonationPageView }) {
  if (donation.amounts.length === 0) return null
  return (
    <div>
      <h2 className="mb-2 text-sm font-medium text-slate-800">Suggested amounts</h2>
      <ul className="flex flex-wrap gap-2" aria-label="Suggested amounts">
        {donation.amounts.map((amount) => (
          <li key={amount.amountMinor} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900">
            {amount.text}
          </li>
        ))}
        {donation.isOtherAmountAllowed ? <li className="rounded-md border border-dashed border-slate-300 px-3 py-1.5 text-sm text-slate-700">or any amount</li> : null}
      </ul>
      {donation.givingText ? <p className="mt-2 text-sm text-slate-600">{donation.givingText}</p> : null}
    </div>
  )
}
