import { buttonClasses } from '#app/components/ui/button'
import { useTranslation } from 'react-i18next'
import { FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { GIFT_LIMIT_CHOICES, type DonationChoiceErrors } from '#server/catalog/public/donation-choice'
import type { DonationPageView } from '#server/catalog/public/public-item-pages'

/** A refused gift: each field's message, and what was chosen to show again. */
export interface DonateRefusal {
  message: string
  errors: DonationChoiceErrors
  values: { amount: string; otherAmount: string; frequency: string; limit: string }
}

const OTHER_AMOUNT = 'other'

/**
 * The Donate button's form: a suggested amount or one of the donor's own, given once or on
 * repeat (as the campaign allows; on repeat, until the donor stops it or for some years). It
 * posts to the campaign's own page, which checks it (parseDonationChoice) and puts the gift in
 * the cart, or shows what to change.
 */
export function DonateForm({ donation, refused }: { donation: DonationPageView; refused: DonateRefusal | null }) {
  const { t, i18n } = useTranslation('listings')
  const firstAmount = donation.amounts[0]
  const chosen = refused?.values.amount ?? (firstAmount ? String(firstAmount.amountMinor) : OTHER_AMOUNT)
  const repeating = donation.frequencies.find((frequency) => frequency.value === 'recurring')
  const chosenFrequency = refused?.values.frequency || donation.frequencies[0]?.value || 'one-time'
  const chosenLimit = refused?.values.limit || GIFT_LIMIT_CHOICES[0].value
  const problem = (field: keyof DonationChoiceErrors, id: string) =>
    refused?.errors[field] ? (
      <p id={id} className="mt-2 text-sm text-red-700" data-donate-error={field}>
        {refused.errors[field]}
      </p>
    ) : null
  return (
    <form method="post" className="space-y-5 rounded-lg border border-slate-200 bg-white p-4" data-donate-form>
      {donation.frequencies.length === 1 ? <input type="hidden" name="frequency" value={donation.frequencies[0]?.value} /> : null}
      {refused ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {refused.message}
        </p>
      ) : null}
      <fieldset aria-describedby={refused?.errors.amount ? 'donate-amount-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('amountIn', { currency: donation.currency })}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {donation.amounts.map((amount, index) => (
            <label key={amount.amountMinor} className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-900 has-[:checked]:border-brand has-[:checked]:bg-brand/10">
              <input type="radio" name="amount" value={amount.amountMinor} defaultChecked={chosen === String(amount.amountMinor) || (index === 0 && !refused)} className="h-4 w-4 accent-brand" />
              {amount.text}
            </label>
          ))}
          {donation.isOtherAmountAllowed ? (
            <label className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-900 has-[:checked]:border-brand has-[:checked]:bg-brand/10">
              <input type="radio" name="amount" value={OTHER_AMOUNT} defaultChecked={chosen === OTHER_AMOUNT} className="h-4 w-4 accent-brand" />
              {t('otherAmount')}
            </label>
          ) : null}
        </div>
        {donation.isOtherAmountAllowed ? (
          <div className="mt-3">
            <label htmlFor="donate-other-amount" className="mb-1 block text-sm font-medium text-slate-800">
              {t('yourAmountIfOther')}
            </label>
            <input
              id="donate-other-amount"
              name="otherAmount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="25.00"
              maxLength={40}
              defaultValue={refused?.values.otherAmount ?? ''}
              aria-invalid={refused?.errors.otherAmount ? true : undefined}
              aria-describedby={refused?.errors.otherAmount ? 'donate-other-error' : undefined}
              className={`${FIELD_INPUT_CLASSES} w-40`}
            />
            {problem('otherAmount', 'donate-other-error')}
          </div>
        ) : null}
        {problem('amount', 'donate-amount-error')}
      </fieldset>
      {donation.frequencies.length > 1 ? (
        <fieldset aria-describedby={refused?.errors.frequency ? 'donate-frequency-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('howOften')}</legend>
          <div className="flex flex-wrap gap-2">
            {donation.frequencies.map((frequency) => (
              <label key={frequency.value} className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-900 has-[:checked]:border-brand has-[:checked]:bg-brand/10">
                <input type="radio" name="frequency" value={frequency.value} defaultChecked={chosenFrequency === frequency.value} className="h-4 w-4 accent-brand" />
                {frequency.label}
              </label>
            ))}
          </div>
          {problem('frequency', 'donate-frequency-error')}
        </fieldset>
      ) : null}
      {repeating ? (
        <div>
          <label htmlFor="donate-limit" className="mb-1 block text-sm font-medium text-slate-800">
            {donation.frequencies.length > 1 ? t('ifYouGiveForHowLong', { frequency: repeating.label.toLocaleLowerCase(i18n.language) }) : t('forHowLong')}
          </label>
          <select
            id="donate-limit"
            name="limit"
            defaultValue={chosenLimit}
            aria-invalid={refused?.errors.limit ? true : undefined}
            aria-describedby={refused?.errors.limit ? 'donate-limit-error' : 'donate-limit-hint'}
            className={`${FIELD_INPUT_CLASSES} w-full sm:w-56`}
          >
            {GIFT_LIMIT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {t(`giftLimit_${choice.value}`)}
              </option>
            ))}
          </select>
          {problem('limit', 'donate-limit-error') ?? (
            <p id="donate-limit-hint" className="mt-1 text-sm text-slate-600">
              {t('cardKeptForGifts')}
            </p>
          )}
        </div>
      ) : null}
      <button type="submit" className={buttonClasses({ variant: 'primary', size: 'md' }, 'w-full sm:w-auto')}>
        {donation.buttonLabel}
      </button>
    </form>
  )
}

/** Without online checkout: the amounts the campaign suggests, so a donor knows what to offer. */
export function SuggestedAmounts({ donation }: { donation: DonationPageView }) {
  const { t } = useTranslation('listings')
  if (donation.amounts.length === 0) return null
  return (
    <div>
      <h2 className="mb-2 text-sm font-medium text-slate-800">{t('suggestedAmounts')}</h2>
      <ul className="flex flex-wrap gap-2" aria-label={t('suggestedAmounts')}>
        {donation.amounts.map((amount) => (
          <li key={amount.amountMinor} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900">
            {amount.text}
          </li>
        ))}
        {donation.isOtherAmountAllowed ? <li className="rounded-md border border-dashed border-slate-300 px-3 py-1.5 text-sm text-slate-700">{t('orAnyAmount')}</li> : null}
      </ul>
      {donation.givingText ? <p className="mt-2 text-sm text-slate-600">{donation.givingText}</p> : null}
    </div>
  )
}
