import { Form, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import type { OfferItemCategory } from '#server/checkout/offer-rules'
import type { OfferItemGroup } from '#server/offers/offer-store'
import { OFFER_CATEGORY_LABELS, OFFER_DISCOUNT_TYPES, OFFER_STATUSES, OFFER_TYPES, type OfferField, type OfferFormErrors, type OfferFormValues } from '#server/offers/offer-form'

type Props = {
  action: string
  values: OfferFormValues
  errors: OfferFormErrors
  formError: string | null
  currency: string
  groups: OfferItemGroup[]
  cancelTo: string
}

const CATEGORY_CHOICES = Object.keys(OFFER_CATEGORY_LABELS) as OfferItemCategory[]

/**
 * The offer form (spec 002 Offer): code, type, discount, what it applies to, a second item
 * for buy-first-and-get-other offers, state, validity days and a usage limit. One POST that
 * works without JavaScript; with it, the item lists narrow to the chosen category and the
 * second item's fields show only for a buy-first-and-get-other offer.
 */
export function OfferEditor({ action, values, errors, formError, currency, groups, cancelTo }: Props) {
  const navigation = useNavigation()
  const { t } = useTranslation('billing')
  const saving = navigation.state === 'submitting' && navigation.formAction === action && navigation.formData?.get('intent') !== 'delete'
  const [offerType, setOfferType] = useState(values.offerType)
  const [discountType, setDiscountType] = useState(values.discountType)
  const [primaryCategory, setPrimaryCategory] = useState(values.primaryItemCategory)
  const [secondaryCategory, setSecondaryCategory] = useState(values.secondaryItemCategory)
  // Before hydration every field shows, so a page without JavaScript can fill them all in.
  const hydrated = useHydrated()
  const errorsOf = (field: OfferField) => (errors[field] ? [errors[field]] : null)
  const id = (field: OfferField) => `offer-${field}`
  const showSecondary = !hydrated || offerType === 'buyFirstAndGetOther'

  return (
    <Form method="post" action={action} className="flex flex-col gap-5" aria-describedby={formError ? 'offer-form-error' : undefined}>
      <input type="hidden" name="intent" value="save" />
      {formError ? (
        <div id="offer-form-error" role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {formError}
        </div>
      ) : null}
      <Card title={t('codeAndDiscount')}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field id={id('code')} label={t('offerCode')} required errors={errorsOf('code')} hint={t('offerCodeHint')}>
            {(control) => <input {...control} name="code" defaultValue={values.code} maxLength={30} autoComplete="off" autoCapitalize="characters" spellCheck={false} className={`${FIELD_INPUT_CLASSES} font-mono uppercase`} />}
          </Field>
          <Field
            id={id('offerType')}
            label={t('offerTypeLabel')}
            errors={errorsOf('offerType')}
            hint={offerType === 'buyFirstAndGetOther' ? t('offerTypeBuyFirstHint') : undefined}
          >
            {(control) => (
              <select {...control} name="offerType" defaultValue={values.offerType} onChange={(event) => setOfferType(event.target.value)} className={FIELD_INPUT_CLASSES}>
                {OFFER_TYPES.map((type) => (
                  <option key={type.value} value={type.value}>
                    {t(`offerType_${type.value}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('discountTypeLabel')}</legend>
            <div className="flex gap-4">
              {OFFER_DISCOUNT_TYPES.map((type) => (
                <label key={type.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input type="radio" name="discountType" value={type.value} defaultChecked={values.discountType === type.value} onChange={() => setDiscountType(type.value)} className="h-4 w-4 accent-brand" />
                  {t(`discountType_${type.value}`)}
                </label>
              ))}
            </div>
            {errors.discountType ? <p className="text-sm text-red-700">{errors.discountType}</p> : null}
          </fieldset>
          <Field
            id={id('discount')}
            label={!hydrated ? t('discount') : discountType === 'percentage' ? t('discountPercentLabel') : t('discountAmountLabel', { currency })}
            required
            errors={errorsOf('discount')}
            hint={!hydrated ? t('discountEitherHint', { currency }) : discountType === 'percentage' ? t('discountPercentHint') : t('discountAmountHint')}
          >
            {(control) => <input {...control} name="discount" inputMode="decimal" defaultValue={values.discount} maxLength={20} autoComplete="off" className={FIELD_INPUT_CLASSES} />}
          </Field>
        </div>
      </Card>

      <Card title={t('whatItAppliesTo')}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <CategorySelect field="primaryItemCategory" label={t('itemCategory')} value={values.primaryItemCategory} errors={errorsOf('primaryItemCategory')} onChange={setPrimaryCategory} />
          <ItemSelect
            field="primaryItem"
            label={t('specificItem')}
            hint={t('specificItemHint')}
            value={values.primaryItem}
            errors={errorsOf('primaryItem')}
            groups={groups}
            category={hydrated ? primaryCategory : null}
          />
        </div>
      </Card>

      {showSecondary ? (
        <Card title={t('secondItemTitle')}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <CategorySelect field="secondaryItemCategory" label={t('secondItemCategory')} value={values.secondaryItemCategory} errors={errorsOf('secondaryItemCategory')} onChange={setSecondaryCategory} allowNone />
            <ItemSelect field="secondaryItem" label={t('secondItem')} value={values.secondaryItem} errors={errorsOf('secondaryItem')} groups={groups} category={hydrated ? secondaryCategory || null : null} />
            <Field id={id('secondaryItemCount')} label={t('secondItemCount')} errors={errorsOf('secondaryItemCount')}>
              {(control) => <input {...control} name="secondaryItemCount" type="number" min={1} max={99} step={1} defaultValue={values.secondaryItemCount} className={FIELD_INPUT_CLASSES} />}
            </Field>
          </div>
        </Card>
      ) : (
        <>
          <input type="hidden" name="secondaryItemCategory" value="" />
          <input type="hidden" name="secondaryItem" value="" />
          <input type="hidden" name="secondaryItemCount" value="" />
        </>
      )}

      <Card title={t('whenItWorks')}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field id={id('status')} label={t('status')} errors={errorsOf('status')}>
            {(control) => (
              <select {...control} name="status" defaultValue={values.status} className={FIELD_INPUT_CLASSES}>
                {OFFER_STATUSES.map((status) => (
                  <option key={status.value} value={status.value}>
                    {t(`offerStatus_${status.value}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={id('validFrom')} label={t('validFromLabel')} errors={errorsOf('validFrom')} hint={t('validFromHint')}>
            {(control) => <input {...control} name="validFrom" type="date" defaultValue={values.validFrom} className={FIELD_INPUT_CLASSES} />}
          </Field>
          <Field id={id('validUntil')} label={t('validUntilLabel')} errors={errorsOf('validUntil')} hint={t('validUntilHint')}>
            {(control) => <input {...control} name="validUntil" type="date" defaultValue={values.validUntil} className={FIELD_INPUT_CLASSES} />}
          </Field>
          <Field id={id('usageLimit')} label={t('usageLimit')} errors={errorsOf('usageLimit')} hint={t('usageLimitHint')}>
            {(control) => <input {...control} name="usageLimit" type="number" min={1} max={1000000} step={1} defaultValue={values.usageLimit} className={FIELD_INPUT_CLASSES} />}
          </Field>
        </div>
      </Card>

      <div className="flex justify-end gap-2">
        <ButtonLink to={cancelTo} variant="secondary">
          {t('cancel')}
        </ButtonLink>
        <Button type="submit" variant="primary" busy={saving}>
          {t('save')}
        </Button>
      </div>
    </Form>
  )
}

function CategorySelect({ field, label, value, errors, onChange, allowNone = false }: { field: OfferField; label: string; value: string; errors: string[] | null; onChange: (value: string) => void; allowNone?: boolean }) {
  const { t } = useTranslation('billing')
  return (
    <Field id={`offer-${field}`} label={label} errors={errors}>
      {(control) => (
        <select {...control} name={field} defaultValue={value} onChange={(event) => onChange(event.target.value)} className={FIELD_INPUT_CLASSES}>
          {allowNone ? <option value="">{t('none')}</option> : null}
          {CATEGORY_CHOICES.map((category) => (
            <option key={category} value={category}>
              {t(`offerCategory_${category}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** The items of the catalog by kind; with a category chosen (and JavaScript) only the kinds it reaches. */
function ItemSelect({ field, label, hint, value, errors, groups, category }: { field: OfferField; label: string; hint?: string; value: string; errors: string[] | null; groups: OfferItemGroup[]; category: string | null }) {
  const shown = category === null ? groups : groups.filter((group) => (group.categories as string[]).includes(category))
  // A chosen item the category no longer reaches stays listed, so the server's message can name the problem.
  const keepsValue = value !== '' && !shown.some((group) => group.choices.some((choice) => choice.guid === value))
  const kept = keepsValue ? groups.flatMap((group) => group.choices).find((choice) => choice.guid === value) : undefined
  const { t } = useTranslation('billing')
  return (
    <Field id={`offer-${field}`} label={label} errors={errors} hint={hint}>
      {(control) => (
        <select {...control} name={field} defaultValue={value} className={`${FIELD_INPUT_CLASSES} min-w-0`}>
          <option value="">{t('anyItemOfCategory')}</option>
          {kept ? <option value={kept.guid}>{kept.name}</option> : null}
          {shown.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.choices.map((choice) => (
                <option key={choice.guid} value={choice.guid}>
                  {choice.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  )
}
