import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { screenMeta } from '#app/components/layout/page-title'
import { OfferEditor } from '#app/components/offers/offer-editor'
import { loadOfferEditorScreen, offerEditorAction, requireOffersRole } from '#app/utils/offer-screens.server'
import { OFFERS_PATH } from '#server/offers/offer-paths'
import type { I18nHandle } from '#app/utils/i18n'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Add offer')

export const handle: I18nHandle = { i18n: ['billing'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireOffersRole(request, context)
  return loadOfferEditorScreen(access, context, null)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireOffersRole(request, context)
  return offerEditorAction(access, request, context, null)
}

export default function NewOfferRoute() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { t } = useTranslation('billing')
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex items-center gap-3">
        <Link to={OFFERS_PATH} className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={t('backToOffers')}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('addOffer')}</h1>
          <p className="text-sm text-slate-600">{t('addOfferDescription')}</p>
        </div>
      </header>
      <OfferEditor
        action={`${OFFERS_PATH}/new`}
        values={result?.values ?? loaded.values}
        errors={result?.errors ?? {}}
        formError={result?.formError ?? null}
        currency={loaded.currency}
        groups={loaded.groups}
        cancelTo={OFFERS_PATH}
      />
    </div>
  )
}
