import { SMS_DELIVERY_WORDS, type SmsDelivery } from '#server/sms/contact-sms'

/** The carrier's word on a sent message, in words (the colour only repeats them). */
export function SmsDeliveryLine({ delivery }: { delivery: SmsDelivery }) {
  if (delivery.kind === 'awaiting') return <span className="text-slate-600" data-sms-delivery="awaiting">{SMS_DELIVERY_WORDS.awaitingReport}</span>
  if (delivery.kind === 'delivered') {
    return (
      <span className="text-emerald-800" data-sms-delivery="delivered">
        {SMS_DELIVERY_WORDS.delivered} <time dateTime={delivery.at}>{delivery.atText}</time>
      </span>
    )
  }
  return (
    <span className="text-red-700" data-sms-delivery="failed">
      {SMS_DELIVERY_WORDS.failed}
      {delivery.errorCode ? SMS_DELIVERY_WORDS.carrierError(delivery.errorCode) : ''}
      {SMS_DELIVERY_WORDS.reported} <time dateTime={delivery.at}>{delivery.atText}</time>
    </span>
  )
}
