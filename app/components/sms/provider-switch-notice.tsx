import { Info } from 'lucide-react'
import { useIntegrationsWords } from '#app/components/integrations/use-integrations-words'

const NAMES = { twilio: 'Twilio', plivo: 'Plivo' } as const

/**
 * Said on each SMS provider's page: a studio texts through one provider at a time, so setting
 * this one up replaces the other (docs/decisions/138).
 */
export function ProviderSwitchNotice({ replaces }: { replaces: 'twilio' | 'plivo' | null }) {
  const { t } = useIntegrationsWords()
  if (!replaces) return null
  const other = NAMES[replaces]
  const self = replaces === 'twilio' ? 'Plivo' : 'Twilio'
  return (
    <div role="note" className="mb-4 flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-provider-switch>
      <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <p>{replaces === 'plivo' ? t('providerSwitchFromPlivo', { other, self }) : t('providerSwitch', { other, self })}</p>
    </div>
  )
}
