import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { ArrowLeft, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { screenMeta } from '#app/components/layout/page-title'
import { OfferEditor } from '#app/components/offers/offer-editor'
import { OfferStateChip } from '#app/components/offers/offer-state-chip'
import { ButtonLink } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { loadOfferEditorScreen, offerEditorAction, requireOffersRole } from '#app/utils/offer-screens.server'
import { offerPath, OFFERS_PATH } from '#server/offers/offer-paths'
import type { I18nHandle } from '#app/utils/i18n'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Offer')

export const handle: I18nHandle = { i18n: ['billing'] }

/** /offers/details/{guId}: one offer to change or delete; another tenant's offer is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireOffersRole(request, context)
  return loadOfferEditorScreen(access, context, params.guId ?? '')
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireOffersRole(request, context)
  return offerEditorAction(access, request, context, params.guId ?? '')
}

export default function OfferDetailsRoute() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const location = useLocation()
  const { t } = useTranslation('billing')
  const offer = loaded.offer!
  const path = offerPath(offer.guid)
  // ?confirm=delete draws the question on the server, so Delete works without JavaScript too.
  const askedByAddress = new URLSearchParams(location.search).get('confirm') === 'delete'
  const [asking, setAsking] = useState(false)
  const question = t('deleteOfferQuestion', { code: offer.code })
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <Link to={OFFERS_PATH} className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={t('backToOffers')}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight text-slate-900">
            <span className="font-mono">{offer.code}</span> <OfferStateChip state={offer.state} />
          </h1>
          <p className="text-sm text-slate-600">
            {t('offerUsedTimes', { count: offer.timesUsed })}
          </p>
        </div>
        <ButtonLink
          to={`${path}?confirm=delete`}
          variant="secondary"
          preventScrollReset
          onClick={(event) => {
            event.preventDefault()
            setAsking(true)
          }}
        >
          <Trash2 aria-hidden className="h-4 w-4" /> {t('delete')}
        </ButtonLink>
      </header>
      <OfferEditor
        key={result ? 'posted' : JSON.stringify(loaded.values)}
        action={path}
        values={result?.values ?? loaded.values}
        errors={result?.errors ?? {}}
        formError={result?.formError ?? null}
        currency={loaded.currency}
        groups={loaded.groups}
        cancelTo={OFFERS_PATH}
      />
      {askedByAddress ? (
        <ConfirmDialog closeTo={path} title={t('deleteOffer')} message={question} intent="delete" yesLabel={t('delete')} action={path} />
      ) : (
        <ConfirmDialog open={asking} onClose={() => setAsking(false)} title={t('deleteOffer')} message={question} intent="delete" yesLabel={t('delete')} action={path} />
      )}
    </div>
  )
}
