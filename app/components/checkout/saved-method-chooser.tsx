import { useTranslation } from 'react-i18next'
import type { SavedPaymentMethod } from '#server/payments/saved-payment-methods'

/**
 * Kept cards or accounts as radios (spec 001): the first is chosen, 'None/other' is appended,
 * and choosing it unlocks the fields for a new one. Nothing when none is kept.
 */
export function SavedMethodChooser({ name, methods, onChoose }: { name: 'card' | 'bank'; methods: SavedPaymentMethod[]; onChoose: (id: string) => void }) {
  const { t } = useTranslation('checkout')
  if (methods.length === 0) return null
  return (
    <fieldset className="space-y-2" data-saved-methods={name}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{name === 'card' ? t('savedCards') : t('savedAccounts')}</legend>
      {[...methods, { id: 'other', label: t('noneOther') }].map((method, index) => (
        <label key={method.id} className="flex items-center gap-2 text-sm text-slate-800">
          <input type="radio" name="savedMethod" value={method.id} defaultChecked={index === 0} onChange={() => onChoose(method.id)} className="h-4 w-4 accent-brand" />
          {method.label}
        </label>
      ))}
      <p className="text-xs text-slate-500">{name === 'card' ? t('otherCardHint') : t('otherAccountHint')}</p>
    </fieldset>
  )
}
