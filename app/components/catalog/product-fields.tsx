import type { ItemFormValues } from '#server/catalog/items/item-form'
import type { SupplierChoice } from '#server/catalog/items/suppliers'
import { SelectInput, TextInput } from './item-form-fields'

/** Merchandise's own fields: stock (never below zero; empty is not counted) and its supplier, chosen or added. */
export function ProductFields({ values, errors, suppliers }: { values: ItemFormValues; errors: Record<string, readonly string[]>; suppliers: SupplierChoice[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput
        name="stockQuantity"
        label="Stock quantity"
        hint="How many are in stock; leave empty not to count."
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
        label="Supplier"
        value={values.fields.supplierGuId ?? ''}
        errors={errors}
        options={[['', 'No supplier'], ...suppliers.map((supplier) => [supplier.guid, supplier.name] as const)]}
      />
      <TextInput
        name="newSupplierName"
        label="Or add a supplier"
        hint="A new supplier's name; it is added when you save."
        value={values.fields.newSupplierName ?? ''}
        errors={errors}
        autoComplete="off"
        maxLength={200}
      />
    </div>
  )
}
