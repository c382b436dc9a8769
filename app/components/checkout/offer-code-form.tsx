import { Form, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Tag, X } from 'lucide-react'
import { Button } from '#app/components/ui/button'
import { fieldErrorId, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import type { CartOfferView } from '#server/checkout/cart-view'

export interface OfferCodeRefusal {
  code: string
  message: string
}

/**
 * The offer code box of a cart (spec 002 section 5, offer codes): a code and an Apply button,
 * a plain POST that works without JavaScript; a refused code comes back with its message
 * under the field, never as a browser alert. Once applied it shows what it takes off and a
 * Remove button; a code the cart no longer meets shows why, so it can be removed.
 */
export function OfferCodeForm({ offer, refusal, action, id = 'offer-code' }: { offer: CartOfferView | null; refusal: OfferCodeRefusal | null; action?: string; id?: string }) {
  const { t } = useTranslation('checkout')
  const navigation = useNavigation()
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  if (offer) {
    return (
      <Form method="post" action={action} className="rounded-lg border border-slate-200 bg-white p-4" aria-label={t('offerCode')}>
        <input type="hidden" name="intent" value="remove-offer" />
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-2">
            <Tag aria-hidden className={`mt-0.5 h-4 w-4 shrink-0 ${offer.message ? 'text-amber-700' : 'text-green-700'}`} />
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">
                {t('offerCode')} <span className="font-mono">{offer.code}</span>
                {offer.discountText ? <span className="ml-1 text-green-800" data-offer-discount>{offer.discountText}</span> : null}
              </p>
              {offer.message ? (
                <p role="alert" className="mt-1 text-sm text-amber-900" data-offer-error>
                  {offer.message}
                </p>
              ) : null}
            </div>
          </div>
          <Button type="submit" variant="secondary" size="sm" busy={busy('remove-offer')} aria-label={t('removeOfferCode', { code: offer.code })}>
            <X aria-hidden className="h-4 w-4" /> {t('remove')}
          </Button>
        </div>
      </Form>
    )
  }
  return (
    <Form method="post" action={action} className="rounded-lg border border-slate-200 bg-white p-4" aria-label={t('offerCode')}>
      <input type="hidden" name="intent" value="offer" />
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('offerCode')}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          name="offerCode"
          defaultValue={refusal?.code ?? ''}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={30}
          required
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? fieldErrorId(id) : undefined}
          className={`${FIELD_INPUT_CLASSES} min-w-0 flex-1 uppercase`}
        />
        <Button type="submit" variant="secondary" busy={busy('offer')}>
          {t('apply')}
        </Button>
      </div>
      {refusal ? (
        <p id={fieldErrorId(id)} role="alert" className="mt-1.5 text-sm text-red-700" data-offer-error>
          {refusal.message}
        </p>
      ) : null}
    </Form>
  )
}
