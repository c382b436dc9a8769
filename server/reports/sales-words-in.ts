import type { InvoiceLineType } from '#db/tables/checkout'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { NAMED_SALES_PERIODS, SALES_PERIOD_LABELS, type NamedSalesPeriod } from './sales-period'
import { ITEM_TYPE_LABELS, LEDGER_METHODS, METHOD_LABELS, type MethodLabels, type TransactionStatusText } from './sales-words'

/*
 * The sales report's words in the page's language, for the server (the screen's loader and the
 * CSV). English is the spec's, from sales-words.ts and sales-period.ts, which travel to the
 * browser and so hold no catalog; other languages come from the 'billing' words.
 */

export function methodLabelsIn(language: Language): MethodLabels {
  if (language === 'en') return METHOD_LABELS
  const t = tFor(language, 'billing')
  return Object.fromEntries(LEDGER_METHODS.map((method) => [method, t(`saleMethod_${method}`)])) as Record<keyof MethodLabels, string>
}

export function itemTypeLabelIn(itemType: InvoiceLineType, language: Language): string {
  return language === 'en' ? ITEM_TYPE_LABELS[itemType] : tFor(language, 'billing')(`saleItemType_${itemType}`)
}

export function periodLabelsIn(language: Language): Readonly<Record<NamedSalesPeriod, string>> {
  if (language === 'en') return SALES_PERIOD_LABELS
  const t = tFor(language, 'billing')
  return Object.fromEntries(NAMED_SALES_PERIODS.map((kind) => [kind, t(`salesPeriod_${kind}`)])) as Record<NamedSalesPeriod, string>
}

export function transactionStatusIn(status: TransactionStatusText, language: Language): string {
  return language === 'en' ? status : tFor(language, 'billing')(`saleStatus_${status}`)
}
