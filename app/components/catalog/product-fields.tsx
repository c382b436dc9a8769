import { useTranslation } from 'react-i18next'
import type { ItemFormValues } from '#server/catalog/items/item-form'
import type { SupplierChoice } from '#server/catalog/items/suppliers'
import { SelectInput, TextInput } from './item-form-fields'

/** Merchandise's own fields: stock (never below zero; empty is not counted) and its supplier, chosen or added. */
export function ProductFields({ values, errors, suppliers }: { values: ItemFormValues; errors: Record<string, readonly string[]>; suppliers: SupplierChoice[] }) {
  const { t } = useTranslation('catalog')
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput
        name="stockQuantity"
        label={t('stockQuantity')}
        hint={t('stockQuantityHint')}
        value={values.fields.stockQuantity ?? ''}
        errors={errors}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        autoComplete="off"
      />
      <div className="hidden sm:block" />
      <SelectInput
        name="supplierGuId"
        label={t('supplier')}
        value={values.fields.supplierGuId ?? ''}
        errors={errors}
        options={[['', t('noSupplier')], ...suppliers.map((supplier) => [supplier.guid, supplier.name] as const)]}
      />
      <TextInput
        name="newSupplierName"
        label={t('orAddSupplier')}
        hint={t('newSupplierHint')}
        value={values.fields.newSupplierName ?? ''}
        errors={errors}
        autoComplete="off"
        maxLength={200}
      />
    </div>
  )
}
