import { BILLING_FREQUENCIES } from '#db/tables/catalog'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { ONE_TIME_GIFT, repeatingGiftName } from './cart-lines'

/**
 * A gift's name in a language: the product's own names ('One-time gift', 'Monthly gift'), kept in
 * English on the invoice line and the held gift, are written in the reader's language; any other
 * name is the studio's and stays as it is.
 */
export function giftNameIn(name: string, language: Language): string {
  if (language === 'en') return name
  const t = tFor(language, 'emails')
  if (name === ONE_TIME_GIFT) return t('oneTimeGift')
  const frequency = BILLING_FREQUENCIES.find((candidate) => repeatingGiftName(candidate) === name)
  return frequency ? t(`repeatingGift_${frequency}`) : name
}
