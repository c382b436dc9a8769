import { Plus, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { BILLING_FREQUENCIES, PERIOD_UNITS, QUANTITY_CHOICES } from '#server/catalog/price-options'
import { blankPriceOptionRow, MAX_PRICE_OPTIONS, type PriceOptionRowValues } from '#server/catalog/items/price-option-rows'
import { Button } from '#app/components/ui/button'
import { CheckboxInput, SelectInput, TextInput } from './item-form-fields'

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
  const { t } = useTranslation('catalog')
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
      {state.length === 0 ? <p className="text-sm text-slate-600">{t('noPriceOptionsYet')}</p> : null}
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
                aria-label={t('removePriceOption', { number: index + 1 })}
                className="absolute right-4 top-3"
              >
                <Trash2 aria-hidden className="h-3.5 w-3.5" /> {t('remove')}
              </Button>
              <fieldset>
                <legend className="mb-3 pr-24 pt-0.5 text-sm font-semibold text-slate-900">{t('priceOptionNumber', { number: index + 1 })}</legend>
                <input type="hidden" name={`${prefix}.guId`} value={v.guId} />
                <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                  <TextInput name={`${prefix}.name`} label={t('name')} value={v.name} errors={errors} required className="sm:col-span-2" autoComplete="off" />
                  <TextInput name={`${prefix}.price`} label={t('priceIn', { currency })} value={v.price} errors={errors} required inputMode="decimal" autoComplete="off" />
                  <TextInput name={`${prefix}.discount`} label={t('discountIn', { currency })} value={v.discount} errors={errors} inputMode="decimal" autoComplete="off" />
                  <SelectInput
                    name={`${prefix}.qty`}
                    label={t('quantityChoices')}
                    hint={t('quantityChoicesHint')}
                    value={v.qty || '1'}
                    errors={errors}
                    options={QUANTITY_CHOICES.map((n) => [String(n), String(n)] as const)}
                  />
                  <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-3 lg:flex-row lg:flex-wrap lg:items-start lg:gap-6 lg:pt-7">
                    <CheckboxInput name={`${prefix}.isTaxable`} label={t('taxable')} checked={v.isTaxable === 'on'} errors={errors} />
                    <CheckboxInput name={`${prefix}.isChargeCreditCardFees`} label={t('chargeCardFees')} checked={v.isChargeCreditCardFees === 'on'} errors={errors} />
                    <CheckboxInput
                      name={`${prefix}.isOtherPrice`}
                      label={t('otherPrice')}
                      checked={row.isOtherPrice}
                      errors={errors}
                      onChange={(checked) => update(row.key, { isOtherPrice: checked })}
                    />
                  </div>
                  {!hydrated || row.isOtherPrice ? (
                    <TextInput
                      name={`${prefix}.otherPrice`}
                      label={t('minimumAmountIn', { currency })}
                      hint={t('minimumAmountHint')}
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
                        label={t('membershipType')}
                        value={row.membershipType}
                        errors={errors}
                        options={[
                          ['', t('oneTimePurchase')],
                          ['recurring', t('recurring')],
                          ['card', t('cardCredits')],
                          ['unlimited', t('unlimited')],
                        ]}
                        onChange={(type) => update(row.key, { membershipType: type })}
                      />
                      {!hydrated || row.membershipType !== '' ? (
                        <TextInput
                          name={`${prefix}.membershipDetails.registrationFees`}
                          label={t('registrationFeesIn', { currency })}
                          value={v.membershipDetails.registrationFees}
                          errors={errors}
                          inputMode="decimal"
                          autoComplete="off"
                        />
                      ) : null}
                      {shows('card') ? (
                        <TextInput
                          name={`${prefix}.membershipDetails.credits`}
                          label={t('numberOfCredits')}
                          hint={hydrated ? undefined : t('cardOnly')}
                          value={v.membershipDetails.credits}
                          errors={errors}
                          inputMode="numeric"
                          autoComplete="off"
                        />
                      ) : null}
                    </div>
                    {shows('recurring') ? (
                      <fieldset className="mt-4">
                        <legend className="text-sm font-medium text-slate-700">{hydrated ? t('billing') : t('billingRecurringOnly')}</legend>
                        <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                          <SelectInput
                            name={`${prefix}.frequency`}
                            label={t('frequency')}
                            value={v.frequency}
                            errors={errors}
                            options={[['', t('choose')], ...BILLING_FREQUENCIES.map((f) => [f, t(`frequency_${f}`)] as const)]}
                          />
                          <TextInput
                            name={`${prefix}.billingDayOfMonth`}
                            label={t('billingDayOfMonth')}
                            hint={t('billingDayHint')}
                            value={v.billingDayOfMonth}
                            errors={errors}
                            inputMode="numeric"
                            autoComplete="off"
                          />
                          <TextInput
                            name={`${prefix}.membershipDetails.numberOfBillingCycles`}
                            label={t('numberOfBillingCycles')}
                            hint={t('billingCyclesHint')}
                            value={v.membershipDetails.numberOfBillingCycles}
                            errors={errors}
                            inputMode="numeric"
                            autoComplete="off"
                          />
                          <div className="lg:pt-7">
                            <CheckboxInput name={`${prefix}.isBillFromNextMonth`} label={t('billFromNextMonth')} checked={v.isBillFromNextMonth === 'on'} errors={errors} />
                          </div>
                          <div className="lg:pt-7">
                            <CheckboxInput
                              name={`${prefix}.trialPeriod`}
                              label={t('trialPeriod')}
                              checked={row.trialPeriod}
                              errors={errors}
                              onChange={(checked) => update(row.key, { trialPeriod: checked })}
                            />
                          </div>
                          {!hydrated || row.trialPeriod ? (
                            <>
                              <TextInput name={`${prefix}.trialDuration`} label={t('trialDuration')} value={v.trialDuration} errors={errors} inputMode="numeric" autoComplete="off" />
                              <SelectInput
                                name={`${prefix}.trialDurationUnit`}
                                label={t('trialUnit')}
                                value={v.trialDurationUnit}
                                errors={errors}
                                options={[['', t('choose')], ...PERIOD_UNITS.map((u) => [u, t(`unit_${u}`)] as const)]}
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
            <Plus aria-hidden className="h-4 w-4" /> {t('addPriceOption')}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
