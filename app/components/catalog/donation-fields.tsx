import type { ItemFormValues } from '#server/catalog/items/item-form'
import { MAX_SUGGESTED_AMOUNTS } from '#server/catalog/items/donation-form'
import { BILLING_FREQUENCIES, FREQUENCY_LABELS } from '#server/catalog/price-options'
import { CheckboxInput, SelectInput, TextInput } from './item-form-fields'

type Props = { values: ItemFormValues; errors: Record<string, readonly string[]>; currency: string }

/**
 * A donation campaign's own fields: the amounts a donor taps, whether they may type their own,
 * one-time and recurring gifts with how often a recurring one is taken, and an optional goal.
 */
export function DonationFields({ values, errors, currency }: Props) {
  const f = values.fields
  return (
    <div className="flex flex-col gap-5">
      <TextInput
        name="suggestedAmounts"
        label={`Suggested amounts (${currency})`}
        hint={`Up to ${MAX_SUGGESTED_AMOUNTS}, separated by commas, in the order the donate page shows them: 10, 25, 50.`}
        value={f.suggestedAmounts ?? ''}
        errors={errors}
        inputMode="decimal"
        autoComplete="off"
        maxLength={200}
      />
      <CheckboxInput name="isOtherAmountAllowed" label="Donors may enter their own amount" checked={f.isOtherAmountAllowed === 'on'} errors={errors} />
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-slate-900">Gifts</legend>
        <CheckboxInput name="isOneTimeAllowed" label="One-time gifts" checked={f.isOneTimeAllowed === 'on'} errors={errors} />
        <CheckboxInput name="isRecurringAllowed" label="Recurring gifts" checked={f.isRecurringAllowed === 'on'} errors={errors} />
        <SelectInput
          name="recurringFrequency"
          label="A recurring gift is taken"
          value={f.recurringFrequency ?? 'monthly'}
          errors={errors}
          options={BILLING_FREQUENCIES.map((frequency) => [frequency, FREQUENCY_LABELS[frequency]] as const)}
          className="sm:max-w-xs"
        />
      </fieldset>
      <TextInput
        name="goal"
        label={`Goal (${currency})`}
        hint="What the campaign hopes to raise; leave empty for none."
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
