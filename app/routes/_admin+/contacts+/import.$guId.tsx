import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { MAPPING_STEP_MESSAGES } from '#server/contacts/import/mapping-step'
import { importPage, postMapping } from '#server/contacts/import/import-pages'
import { importPageIn, mappingStepIn } from '#server/contacts/import/import-page-words'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { statusOf } from '#server/errors/error-codes'
import { notFound } from '#server/errors/responses'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { ImportMappingForm } from '#app/components/contacts/import-mapping-form'
import { ImportStatus } from '#app/components/contacts/import-status'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'
import { requirePermission } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { redirectWithToast } from '#app/utils/toast.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) =>
  screenMeta(matches, page?.title ?? (page?.step === 'mapping' ? 'Map columns' : 'Import progress'))

export const handle: I18nHandle = { i18n: ['contacts'] }

/** One import: its mapping step until it starts, then its progress (website spec: POST /rest/contact/import). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const page = await importPage(context.platform, tenant, params.guId, context.language)
  if (!page) throw notFound()
  const t = tFor(context.language, 'contacts')
  return { ...importPageIn(context.language, page), title: t(page.step === 'mapping' ? 'import_mapTitle' : 'import_progressTitle') }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const form = await request.formData().catch(() => new FormData())
  const posted = await postMapping(context.platform, tenant, params.guId, form)
  if (!posted) throw notFound()
  const here = `/contacts/import/${posted.row.guid}`
  const { outcome, step } = posted
  if (outcome.ok && outcome.value.started) return redirectWithToast(here, { type: 'success', message: MAPPING_STEP_MESSAGES.started })
  // The choices are saved: the page shows them, and the preview, again (post, then get).
  if (outcome.ok) return redirect(here)
  const language = context.language
  return data({ message: translateMessage(language, outcome.message), step: step && mappingStepIn(language, step) }, { status: statusOf(outcome.error) })
}

export default function ContactImportRoute() {
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const { t } = useContactsWords()
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5 p-4 sm:p-6">
      <Link to="/contacts/import" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-text hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {t('import_back')}
      </Link>
      {page.step === 'mapping' ? (
        <>
          <PageHeader title={t('import_mapTitle')} description={t('import_mapDescription')} />
          <ImportMappingForm step={answer?.step ?? page.mapping} message={answer?.message ?? null} />
        </>
      ) : (
        <>
          <PageHeader title={t('import_progressTitle')} description={t('import_progressDescription')} />
          <ImportStatus summary={page.summary} errors={page.errors} />
        </>
      )}
    </div>
  )
}
