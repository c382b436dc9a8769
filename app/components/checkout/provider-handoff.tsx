import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClasses } from '#app/components/ui/button'

export interface ProviderHandoffForm {
  url: string
  fields: Record<string, string>
  providerName: string
  totalText: string
}

/**
 * The step to a provider whose page takes the order by a posted form (Razorpay's hosted
 * checkout). Without JavaScript the buyer presses Continue; with it the form goes at once.
 * A plain form, not Remix's: it leaves the site.
 */
export function ProviderHandoff({ handoff }: { handoff: ProviderHandoffForm }) {
  const { t } = useTranslation('checkout')
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    form.current?.submit()
  }, [handoff.url, handoff.fields])
  return (
    <form ref={form} method="post" action={handoff.url} className="flex flex-col gap-3 sm:flex-row sm:items-center" data-provider-handoff={handoff.providerName}>
      {Object.entries(handoff.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="flex-1 text-sm text-slate-700">{t('handoffText', { total: handoff.totalText, provider: handoff.providerName })}</p>
      <button type="submit" className={buttonClasses({ variant: 'primary' })}>
        {t('continueTo', { provider: handoff.providerName })}
      </button>
    </form>
  )
}
