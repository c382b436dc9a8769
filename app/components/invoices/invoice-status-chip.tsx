/**
 * An invoice's status word as a coloured chip; the word itself carries the meaning, the colour
 * only helps scanning. `word` is the English status word when `text` is its translation.
 */
export function InvoiceStatusChip({ text, word = text }: { text: string; word?: string }) {
  const tone =
    word === 'Complete'
      ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
      : word === 'Failed'
      ? 'bg-red-50 text-red-800 ring-red-200'
      : word === 'Partial' || word === 'On account'
      ? 'bg-amber-50 text-amber-900 ring-amber-200'
      : word === 'Pending'
      ? 'bg-sky-50 text-sky-800 ring-sky-200'
      : 'bg-slate-100 text-slate-700 ring-slate-200'
  return <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone}`}>{text}</span>
}
