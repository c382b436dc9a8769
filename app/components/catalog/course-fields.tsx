import { useEffect, useState } from 'react'
import type { ItemFormValues } from '#server/catalog/items/item-form'
import { CheckboxInput, SelectInput, TextInput } from './item-form-fields'

const PAYMENT_TYPES = [
  ['FREE', 'Free'],
  ['PAID', 'Paid'],
  ['EXTERNAL', 'External (sold elsewhere)'],
  ['DONATION', 'Donation'],
] as const

/** A course's own fields: how it is paid for (an external link for EXTERNAL) and demo chapters. */
export function CourseFields({ values, errors }: { values: ItemFormValues; errors: Record<string, readonly string[]> }) {
  const [paymentType, setPaymentType] = useState(values.fields.paymentType ?? 'PAID')
  useEffect(() => setPaymentType(values.fields.paymentType ?? 'PAID'), [values])
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectInput
        name="paymentType"
        label="Payment type"
        hint="Free and external courses keep no price options."
        value={values.fields.paymentType ?? 'PAID'}
        errors={errors}
        options={PAYMENT_TYPES}
        onChange={setPaymentType}
        required
      />
      <TextInput
        name="externalLink"
        label="External link"
        hint="Where an external course is sold; required for External."
        value={values.fields.externalLink ?? ''}
        errors={errors}
        type="url"
        required={paymentType === 'EXTERNAL'}
        autoComplete="off"
      />
      <div className="sm:col-span-2">
        <CheckboxInput
          name="isAllowDemoChapters"
          label="Demo chapters allowed"
          hint="Visitors can try the chapters marked as demo before they enrol."
          checked={values.fields.isAllowDemoChapters === 'on'}
          errors={errors}
        />
      </div>
    </div>
  )
}
