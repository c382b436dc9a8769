import { useTranslation } from 'react-i18next'
import type { ItemFormValues } from '#server/catalog/items/item-form'
import type { BundleProductChoice } from '#server/catalog/items/load-item'
import { MAX_BUNDLE_QUANTITY } from '#server/catalog/items/bundle-form'
import { FIELD_INPUT_CLASSES, fieldErrorId } from '#app/components/ui/field'
import { ButtonLink } from '#app/components/ui/button'
import { idOf } from './item-form-fields'

type Props = { values: ItemFormValues; errors: Record<string, readonly string[]>; products: BundleProductChoice[] }

/**
 * What a bundle holds: every product with how many of it (empty or 0 leaves it out), so the
 * form needs no script to add or remove a line.
 */
export function BundleFields({ values, errors, products }: Props) {
  const { t } = useTranslation('catalog')
  const contents = values.contents ?? {}
  const problem = errors.contents?.[0] ?? null
  if (products.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-slate-700">{t('bundleNoProducts')}</p>
        {problem ? <p className="text-sm font-medium text-red-700">{problem}</p> : null}
        <ButtonLink to="/products/new" variant="secondary" size="sm">
          {t('addAProduct')}
        </ButtonLink>
      </div>
    )
  }
  return (
    <fieldset aria-describedby={problem ? 'bundle-contents-error' : 'bundle-contents-hint'}>
      <legend className="text-sm font-semibold text-slate-900">{t('productsInBundle')}</legend>
      <p id="bundle-contents-hint" className="mt-1 text-sm text-slate-600">
        {t('bundleHint')}
      </p>
      {problem ? (
        <p id="bundle-contents-error" className="mt-1 text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {products.map((product) => {
          const name = `contents.${product.guid}`
          const id = idOf(name)
          const message = errors[name]?.[0] ?? null
          return (
            <li key={product.guid} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <label htmlFor={id} className="min-w-0 flex-1 text-sm break-words text-slate-900">
                {product.name}
                {product.isArchived ? <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{t('archived')}</span> : null}
              </label>
              <input
                id={id}
                name={name}
                type="number"
                min={0}
                max={MAX_BUNDLE_QUANTITY}
                step={1}
                inputMode="numeric"
                defaultValue={contents[product.guid] ?? ''}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? fieldErrorId(id) : undefined}
                className={`${FIELD_INPUT_CLASSES} w-24`}
              />
              {message ? (
                <p id={fieldErrorId(id)} className="w-full text-sm font-medium text-red-700">
                  {message}
                </p>
              ) : null}
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}
