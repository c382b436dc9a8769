import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { Globe, Plus, Settings } from 'lucide-react'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { Button, ButtonLink } from '#app/components/ui/button'
import { EmptyState } from '#app/components/ui/empty-state'
import { BuilderPageList } from '#app/components/website/builder-page-list'
import { BuilderPagePanel } from '#app/components/website/builder-page-panel'
import { loadWebsiteBuilder, websiteBuilderAction, type BuilderActionData } from '#app/utils/website-builder.server'
import { builderPagePath } from '#app/utils/website-paths'
import type { I18nHandle } from '#app/utils/i18n'
import { useTranslation } from 'react-i18next'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.screenTitle ?? 'Website')

export const handle: I18nHandle = { i18n: ['website'] }

/** /website: the pages of the studio's website, the selected one's settings, and the way into its editor. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const builder = await loadWebsiteBuilder(request, context)
  return { ...builder, screenTitle: tFor(context.language, 'website')('website') }
}

export const action = ({ request, context }: ActionFunctionArgs) => websiteBuilderAction(request, context)

export default function WebsiteBuilderRoute() {
  const { pages, page, listing, host, asks, canOpenSettings } = useLoaderData<typeof loader>()
  const refusal = useActionData<BuilderActionData>() ?? null
  const { t } = useTranslation('website')
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col p-4 sm:p-6">
      <PageHeader
        title={t('title')}
        actions={
          <>
            {canOpenSettings ? (
              <ButtonLink to="/settings/website">
                <Settings aria-hidden className="h-4 w-4" /> {t('settings')}
              </ButtonLink>
            ) : null}
            <Form method="post" action="/website">
              <Button type="submit" name="intent" value="add" variant="primary">
                <Plus aria-hidden className="h-4 w-4" /> {t('addPage')}
              </Button>
            </Form>
          </>
        }
      />
      {refusal && refusal.field === null ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {refusal.message}
        </p>
      ) : null}
      {pages.length === 0 || !page ? (
        <EmptyState icon={Globe} title={t('noPages')}>
          {t('noPagesText')}
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
          <div className="lg:w-64 lg:shrink-0">
            <BuilderPageList pages={pages} selectedName={page.name} hrefOf={(name) => builderPagePath(name)} />
          </div>
          <BuilderPagePanel key={page.name} page={page} listing={listing} host={host} asks={asks} refusal={refusal} pathOf={(extra) => builderPagePath(page.name, extra)} />
        </div>
      )}
    </div>
  )
}
