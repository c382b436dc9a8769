import { Info } from 'lucide-react'

const NAMES = { twilio: 'Twilio', plivo: 'Plivo' } as const

/**
 * Said on each SMS provider's page: a studio texts through one provider at a time, so setting
 * this one up replaces the other (docs/decisions/138).
 */
export function ProviderSwitchNotice({ replaces }: { replaces: 'twilio' | 'plivo' | null }) {
  if (!replaces) return null
  const other = NAMES[replaces]
  const self = replaces === 'twilio' ? 'Plivo' : 'Twilio'
  return (
    <div role="note" className="mb-4 flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-provider-switch>
      <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <p>
        {other} sends this studio&apos;s texts now. A studio texts through one provider at a time: setting up {self} here replaces {other}, and its settings are removed
        {replaces === 'plivo' ? ' (the number stays rented in your Plivo account until you release it there)' : ''}.
      </p>
    </div>
  )
}
