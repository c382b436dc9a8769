import { useTranslation } from 'react-i18next'
import type { OfferRowState } from '#server/offers/offer-list'

const CHIP_CLASSES: Readonly<Record<OfferRowState, string>> = {
  active: 'bg-green-50 text-green-800',
  scheduled: 'bg-sky-50 text-sky-800',
  'used-up': 'bg-slate-100 text-slate-700',
  disabled: 'bg-amber-50 text-amber-900',
  expired: 'bg-slate-100 text-slate-700',
}

/** What an offer's state is today, as a small coloured label (the offer screens' 'billing' words). */
export function OfferStateChip({ state }: { state: OfferRowState }) {
  const { t } = useTranslation('billing')
  return <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${CHIP_CLASSES[state]}`}>{t(`offerState_${state}`)}</span>
}
