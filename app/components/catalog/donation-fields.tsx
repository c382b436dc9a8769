import { useTranslation } from 'react-i18next'
import type { ItemFormValues } from '#server/catalog/items/item-form'
import { MAX_SUGGESTED_AMOUNTS } from '#server/catalog/items/donation-form'
import { BILLING_FREQUENCIES } from '#server/catalog/price-options'
import { CheckboxInput, SelectInput, TextInput } from './item-form-fields'

type Props = { values: ItemFormValues; errors: Record<string, readonly string[]>; currency: string }

/**
 * A donation campaign's own fields: the amounts a donor taps, whether they may type their own,
 * one-time and recurring gifts with how often a recurring one is taken, and an optional goal.
 */
export function DonationFields({ values, errors, currency }: Props) {
  const { t } = useTranslation('catalog')
  const f = values.fields
  return (
    <div className="flex flex-col gap-5">
      <TextInput
        name="suggestedAmounts"
        label={t('suggestedAmountsIn', { currency })}
        hint={t('suggestedAmountsHint', { max: MAX_SUGGESTED_AMOUNTS })}
        value={f.suggestedAmounts ?? ''}
        errors={errors}
        inputMode="decimal"
        autoComplete="off"
        maxLength={200}
      />
      <CheckboxInput name="isOtherAmountAllowed" label={t('otherAmountAllowed')} checked={f.isOtherAmountAllowed === 'on'} errors={errors} />
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-slate-900">{t('gifts')}</legend>
        <CheckboxInput name="isOneTimeAllowed" label={t('oneTimeGifts')} checked={f.isOneTimeAllowed === 'on'} errors={errors} />
        <CheckboxInput name="isRecurringAllowed" label={t('recurringGifts')} checked={f.isRecurringAllowed === 'on'} errors={errors} />
        <SelectInput
          name="recurringFrequency"
          label={t('recurringGiftTaken')}
          value={f.recurringFrequency ?? 'monthly'}
          errors={errors}
          options={BILLING_FREQUENCIES.map((frequency) => [frequency, t(`frequency_${frequency}`)] as const)}
          className="sm:max-w-xs"
        />
      </fieldset>
      <TextInput
        name="goal"
        label={t('goalIn', { currency })}
        hint={t('goalHint')}
        value={f.goal ?? ''}
        errors={errors}
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
        className="sm:max-w-xs"
      />
    </div>
  )
}
