import { useIntegrationsWords } from '#app/components/integrations/use-integrations-words'

/** The domain verification status: verified green, pending amber, otherwise red (spec, step 3). */
export function VerificationBadge({ status }: { status: string | null }) {
  const { t } = useIntegrationsWords()
  const look =
    status === 'verified'
      ? { text: t('verified'), classes: 'bg-emerald-100 text-emerald-800' }
      : status === 'pending'
        ? { text: t('pending'), classes: 'bg-amber-100 text-amber-900' }
        : { text: status === 'disconnect' ? t('notVerified') : t('notStarted'), classes: 'bg-red-100 text-red-800' }
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${look.classes}`} data-verification-status={status ?? 'none'}>
      {look.text}
    </span>
  )
}
