import { useTranslation } from 'react-i18next'
import type { InvoiceStatusWord } from '#server/invoices/invoice-status-text'

/** An invoice status word in the page's language (student pages, which draw with the portal's words). */
export function useInvoiceStatusWord(): (word: InvoiceStatusWord) => string {
  const { t } = useTranslation('portal')
  const words: Record<InvoiceStatusWord, string> = {
    Pending: t('invoiceStatusPending'),
    Complete: t('invoiceStatusComplete'),
    'On account': t('invoiceStatusOnAccount'),
    Failed: t('invoiceStatusFailed'),
    Void: t('invoiceStatusVoid'),
    Refunded: t('invoiceStatusRefunded'),
    Partial: t('invoiceStatusPartial'),
  }
  return (word) => words[word]
}
