import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { screenMeta } from '#app/components/layout/page-title'
import { OfferEditor } from '#app/components/offers/offer-editor'
import { loadOfferEditorScreen, offerEditorAction, requireOffersRole } from '#app/utils/offer-screens.server'
import { OFFERS_PATH } from '#server/offers/offer-paths'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Add offer')

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
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex items-center gap-3">
        <Link to={OFFERS_PATH} className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label="Back to offers">
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Add offer</h1>
          <p className="text-sm text-slate-600">A code buyers type at checkout to take something off.</p>
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
