import type { OfferRowState } from '#server/offers/offer-list'

const CHIPS: Readonly<Record<OfferRowState, [label: string, classes: string]>> = {
  active: ['Active', 'bg-green-50 text-green-800'],
  scheduled: ['Not yet valid', 'bg-sky-50 text-sky-800'],
  'used-up': ['Used up', 'bg-slate-100 text-slate-700'],
  disabled: ['Disabled', 'bg-amber-50 text-amber-900'],
  expired: ['Expired', 'bg-slate-100 text-slate-700'],
}

/** What an offer's state is today, as a small coloured label. */
export function OfferStateChip({ state }: { state: OfferRowState }) {
  const [label, classes] = CHIPS[state]
  return <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${classes}`}>{label}</span>
}
