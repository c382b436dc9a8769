import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ItemFormValues } from '#server/catalog/items/item-form'
import { CheckboxInput, SelectInput, TextInput } from './item-form-fields'

/** A course's own fields: how it is paid for (an external link for EXTERNAL) and demo chapters. */
export function CourseFields({ values, errors }: { values: ItemFormValues; errors: Record<string, readonly string[]> }) {
  const { t } = useTranslation('catalog')
  const [paymentType, setPaymentType] = useState(values.fields.paymentType ?? 'PAID')
  useEffect(() => setPaymentType(values.fields.paymentType ?? 'PAID'), [values])
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectInput
        name="paymentType"
        label={t('paymentType')}
        hint={t('paymentTypeHint')}
        value={values.fields.paymentType ?? 'PAID'}
        errors={errors}
        options={[
          ['FREE', t('payment_FREE')],
          ['PAID', t('payment_PAID')],
          ['EXTERNAL', t('paymentOption_EXTERNAL')],
          ['DONATION', t('payment_DONATION')],
        ]}
        onChange={setPaymentType}
        required
      />
      <TextInput
        name="externalLink"
        label={t('externalLink')}
        hint={t('externalLinkHint')}
        value={values.fields.externalLink ?? ''}
        errors={errors}
        type="url"
        required={paymentType === 'EXTERNAL'}
        autoComplete="off"
      />
      <div className="sm:col-span-2">
        <CheckboxInput
          name="isAllowDemoChapters"
          label={t('demoChaptersAllowed')}
          hint={t('demoChaptersHint')}
          checked={values.fields.isAllowDemoChapters === 'on'}
          errors={errors}
        />
      </div>
    </div>
  )
}
