import { Plus, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState, type MouseEvent } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { BILLING_FREQUENCIES, FREQUENCY_LABELS, PERIOD_UNITS, QUANTITY_CHOICES } from '#server/catalog/price-options'
import { blankPriceOptionRow, MAX_PRICE_OPTIONS, type PriceOptionRowValues } from '#server/catalog/items/price-option-rows'
import { Button } from '#app/components/ui/button'
import { CheckboxInput, SelectInput, TextInput } from './item-form-fields'

const UNIT_LABELS: Record<(typeof PERIOD_UNITS)[number], string> = { days: 'Days', months: 'Months', years: 'Years' }

type Row = { key: number; values: PriceOptionRowValues; membershipType: string; isOtherPrice: boolean; trialPeriod: boolean }

const toRow = (values: PriceOptionRowValues, key: number): Row => ({
  key,
  values,
  membershipType: values.membershipDetails.membershipType,
  isOtherPrice: values.isOtherPrice === 'on',
  trialPeriod: values.trialPeriod === 'on',
})

type Props = {
  rows: PriceOptionRowValues[]
  errors: Record<string, readonly string[]>
  currency: string
  /** Membership plans: the membership type and its terms are offered. */
  allowsMemberships: boolean
}

/**
 * An item's price options (spec 002 'Item/membership'). Each row posts as
 * `priceOptions[i].<field>`. 'Add price option' and 'Remove' are submit buttons: without
 * JavaScript the server shows the form again with a row more or less; with it the rows change
 * in place. With JavaScript only the fields of the chosen membership type show.
 */
export function PriceOptionsEditor({ rows, errors, currency, allowsMemberships }: Props) {
  const hydrated = useHydrated()
  const nextKey = useRef(rows.length)
  const [state, setState] = useState<Row[]>(() => rows.map(toRow))
  // A post without JavaScript (or an invalid save) answers with the rows to show: start from them.
  useEffect(() => {
    nextKey.current = rows.length
    setState(rows.map(toRow))
  }, [rows])

  const update = (key: number, change: Partial<Row>) => setState((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)))
  const addRow = (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return
    event.preventDefault()
    const key = nextKey.current++
    setState((current) => [...current, toRow(blankPriceOptionRow(), key)])
  }
  const removeRow = (event: MouseEvent<HTMLButtonElement>, key: number) => {
    if (!hydrated) return
    event.preventDefault()
    setState((current) => current.filter((row) => row.key !== key))
  }
  const listErrors = errors.priceOptions ?? []

  return (
    <div className="flex flex-col gap-4">
      {listErrors.length ? (
        <p id="item-priceOptions-error" className="text-sm text-red-700">
          {listErrors.join(' ')}
        </p>
      ) : null}
      {state.length === 0 ? <p className="text-sm text-slate-600">No price options yet.</p> : null}
      <ol className="flex flex-col gap-4">
        {state.map((row, index) => {
          const prefix = `priceOptions[${index}]`
          const v = row.values
          const shows = (type: string) => !hydrated || row.membershipType === type
          return (
            <li key={row.key} className="relative rounded-lg border border-slate-200 bg-slate-50/60 p-4">
              <Button
                type="submit"
                name="intent"
                value={`remove-price-option:${index}`}
                formNoValidate
                variant="secondary"
                size="sm"
                onClick={(event) => removeRow(event, row.key)}
                aria-label={`Remove price option ${index + 1}`}
                className="absolute right-4 top-3"
              >
                <Trash2 aria-hidden className="h-3.5 w-3.5" /> Remove
              </Button>
              <fieldset>
                <legend className="mb-3 pr-24 pt-0.5 text-sm font-semibold text-slate-900">Price option {index + 1}</legend>
                <input type="hidden" name={`${prefix}.guId`} value={v.guId} />
                <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                  <TextInput name={`${prefix}.name`} label="Name" value={v.name} errors={errors} required className="sm:col-span-2" autoComplete="off" />
                  <TextInput name={`${prefix}.price`} label={`Price (${currency})`} value={v.price} errors={errors} required inputMode="decimal" autoComplete="off" />
                  <TextInput name={`${prefix}.discount`} label={`Discount (${currency})`} value={v.discount} errors={errors} inputMode="decimal" autoComplete="off" />
                  <SelectInput
                    name={`${prefix}.qty`}
                    label="Quantity choices"
                    hint="The most a buyer can pick, 1 to 9."
                    value={v.qty || '1'}
                    errors={errors}
                    options={QUANTITY_CHOICES.map((n) => [String(n), String(n)] as const)}
                  />
                  <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-3 lg:flex-row lg:flex-wrap lg:items-start lg:gap-6 lg:pt-7">
                    <CheckboxInput name={`${prefix}.isTaxable`} label="Taxable" checked={v.isTaxable === 'on'} errors={errors} />
                    <CheckboxInput name={`${prefix}.isChargeCreditCardFees`} label="Charge card fees" checked={v.isChargeCreditCardFees === 'on'} errors={errors} />
                    <CheckboxInput
                      name={`${prefix}.isOtherPrice`}
                      label="Other price (buyer types an amount)"
                      checked={row.isOtherPrice}
                      errors={errors}
                      onChange={(checked) => update(row.key, { isOtherPrice: checked })}
                    />
                  </div>
                  {!hydrated || row.isOtherPrice ? (
                    <TextInput
                      name={`${prefix}.otherPrice`}
                      label={`Minimum amount (${currency})`}
                      hint="The least a buyer may type, with Other price."
                      value={v.otherPrice}
                      errors={errors}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                  ) : null}
                </div>

                {allowsMemberships ? (
                  <div className="mt-4 border-t border-slate-200 pt-4">
                    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                      <SelectInput
                        name={`${prefix}.membershipDetails.membershipType`}
                        label="Membership type"
                        value={row.membershipType}
                        errors={errors}
                        options={[
                          ['', 'One-time purchase'],
                          ['recurring', 'Recurring'],
                          ['card', 'Card (credits)'],
                          ['unlimited', 'Unlimited'],
                        ]}
                        onChange={(type) => update(row.key, { membershipType: type })}
                      />
                      {!hydrated || row.membershipType !== '' ? (
                        <TextInput
                          name={`${prefix}.membershipDetails.registrationFees`}
                          label={`Registration fees (${currency})`}
                          value={v.membershipDetails.registrationFees}
                          errors={errors}
                          inputMode="decimal"
                          autoComplete="off"
                        />
                      ) : null}
                      {shows('card') ? (
                        <TextInput
                          name={`${prefix}.membershipDetails.credits`}
                          label="Number of credits"
                          hint={hydrated ? undefined : 'Card only.'}
                          value={v.membershipDetails.credits}
                          errors={errors}
                          inputMode="numeric"
                          autoComplete="off"
                        />
                      ) : null}
                    </div>
                    {shows('recurring') ? (
                      <fieldset className="mt-4">
                        <legend className="text-sm font-medium text-slate-700">{hydrated ? 'Billing' : 'Billing (recurring only)'}</legend>
                        <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                          <SelectInput
                            name={`${prefix}.frequency`}
                            label="Frequency"
                            value={v.frequency}
                            errors={errors}
                            options={[['', 'Choose'], ...BILLING_FREQUENCIES.map((f) => [f, FREQUENCY_LABELS[f]] as const)]}
                          />
                          <TextInput
                            name={`${prefix}.billingDayOfMonth`}
                            label="Billing day of month"
                            hint="1 to 31; empty bills on the day of purchase."
                            value={v.billingDayOfMonth}
                            errors={errors}
                            inputMode="numeric"
                            autoComplete="off"
                          />
                          <TextInput
                            name={`${prefix}.membershipDetails.numberOfBillingCycles`}
                            label="Number of billing cycles"
                            hint="Empty or 0 bills until stopped."
                            value={v.membershipDetails.numberOfBillingCycles}
                            errors={errors}
                            inputMode="numeric"
                            autoComplete="off"
                          />
                          <div className="lg:pt-7">
                            <CheckboxInput name={`${prefix}.isBillFromNextMonth`} label="Bill from next month" checked={v.isBillFromNextMonth === 'on'} errors={errors} />
                          </div>
                          <div className="lg:pt-7">
                            <CheckboxInput
                              name={`${prefix}.trialPeriod`}
                              label="Trial period"
                              checked={row.trialPeriod}
                              errors={errors}
                              onChange={(checked) => update(row.key, { trialPeriod: checked })}
                            />
                          </div>
                          {!hydrated || row.trialPeriod ? (
                            <>
                              <TextInput name={`${prefix}.trialDuration`} label="Trial duration" value={v.trialDuration} errors={errors} inputMode="numeric" autoComplete="off" />
                              <SelectInput
                                name={`${prefix}.trialDurationUnit`}
                                label="Trial unit"
                                value={v.trialDurationUnit}
                                errors={errors}
                                options={[['', 'Choose'], ...PERIOD_UNITS.map((u) => [u, UNIT_LABELS[u]] as const)]}
                              />
                            </>
                          ) : null}
                        </div>
                      </fieldset>
                    ) : null}
                  </div>
                ) : null}
              </fieldset>
            </li>
          )
        })}
      </ol>
      {state.length < MAX_PRICE_OPTIONS ? (
        <div>
          <Button type="submit" name="intent" value="add-price-option" formNoValidate variant="secondary" onClick={addRow}>
            <Plus aria-hidden className="h-4 w-4" /> Add price option
          </Button>
        </div>
      ) : null}
    </div>
  )
}
