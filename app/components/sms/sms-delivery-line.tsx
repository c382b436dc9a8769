import { Trans } from 'react-i18next'
import { useIntegrationsWords } from '#app/components/integrations/use-integrations-words'
import type { SmsDelivery } from '#server/sms/contact-sms'

/** The carrier's word on a sent message, in words (the colour only repeats them). */
export function SmsDeliveryLine({ delivery }: { delivery: SmsDelivery }) {
  const { t } = useIntegrationsWords()
  if (delivery.kind === 'awaiting') return <span className="text-slate-600" data-sms-delivery="awaiting">{t('smsAwaitingReport')}</span>
  const time = { time: <time dateTime={delivery.at} /> }
  if (delivery.kind === 'delivered') {
    return (
      <span className="text-emerald-800" data-sms-delivery="delivered">
        <Trans t={t} i18nKey="smsDelivered" values={{ at: delivery.atText }} components={time} />
      </span>
    )
  }
  return (
    <span className="text-red-700" data-sms-delivery="failed">
      {delivery.errorCode ? (
        <Trans t={t} i18nKey="smsNotDeliveredWithCode" values={{ code: delivery.errorCode, at: delivery.atText }} components={time} />
      ) : (
        <Trans t={t} i18nKey="smsNotDelivered" values={{ at: delivery.atText }} components={time} />
      )}
    </span>
  )
}
