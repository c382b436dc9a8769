import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { CreditCard, Landmark } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { buttonClasses } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import type { SavedPaymentMethod } from '#server/payments/saved-payment-methods'

type KeptMethod = SavedPaymentMethod & { providerName: string }

/**
 * The cards and bank accounts the person kept with 'Save for my next payment', each with
 * Remove: a confirmation at its own address (`?removeCard=`), so it works without JavaScript.
 */
export function SavedCardsSection({ methods, removing, addCard }: { methods: KeptMethod[]; removing: KeptMethod | null; addCard?: ReactNode }) {
  const { t } = useTranslation('portal')
  return (
    <section aria-labelledby="saved-cards-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-saved-cards>
      <h2 id="saved-cards-heading" className="text-base font-semibold text-slate-900">
        {t('savedCards')}
      </h2>
      {methods.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('noSavedCard')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {methods.map((method) => {
            const Icon = method.kind === 'bank' ? Landmark : CreditCard
            return (
              <li key={method.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-saved-card={method.label}>
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <Icon aria-hidden className="h-5 w-5 shrink-0 text-slate-500" />
                  <div className="min-w-0">
                    <p className="break-words text-sm font-medium text-slate-900">{method.label}</p>
                    <p className="text-xs text-slate-500">{t('keptWith', { provider: method.providerName })}</p>
                  </div>
                </div>
                <Link to={`?removeCard=${encodeURIComponent(method.id)}`} preventScrollReset className={buttonClasses({ variant: 'secondary', size: 'sm' })} aria-label={t('removeNamed', { label: method.label })}>
                  {t('remove')}
                </Link>
              </li>
            )
          })}
        </ul>
      )}
      {addCard}
      {removing ? (
        <ConfirmDialog
          closeTo="/profile"
          title={t('removeCardTitle')}
          message={t('removeCardMessage', { label: removing.label })}
          yesLabel={t('yes')}
          noLabel={t('no')}
          intent="remove-card"
          hiddenFields={[['cardId', removing.id]]}
          action="/profile"
        />
      ) : null}
    </section>
  )
}
