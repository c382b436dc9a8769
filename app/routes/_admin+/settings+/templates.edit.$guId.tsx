import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { searchContacts } from '#server/contacts/search-contacts'
import { loadEmailTemplate, mergeTagChoices, previewEmailTemplate } from '#server/email-templates/email-templates'
import { TEMPLATE_MESSAGES } from '#server/email-templates/email-template-form'
import { notFound } from '#server/errors/responses'
import { ContactChooser } from '#app/components/contacts/contact-chooser'
import { TemplateEditor } from '#app/components/email-templates/template-editor'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { templateFormAction } from '#app/utils/template-form-action.server'
import type { I18nHandle } from '#app/utils/i18n'
import { useTemplatesWords } from '#app/components/email-templates/use-templates-words'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Edit Template' }]

export const handle: I18nHandle = { i18n: ['templates'] }

/**
 * Settings > Templates > Edit: the form, the delete confirmation at `?confirm=delete`, and a
 * preview of the saved template for a contact found with `?q=` and chosen with `?previewFor=`.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const template = await loadEmailTemplate(context.platform, tenant, params.guId ?? '')
  if (!template) throw notFound(TEMPLATE_MESSAGES.notFound)
  const search = new URL(request.url).searchParams
  const query = (search.get('q') ?? '').trim().slice(0, 100)
  const [tags, matches, preview] = await Promise.all([
    mergeTagChoices(context.platform, tenant),
    query ? searchContacts({ platform: context.platform, tenant, unverifiedQuery: query }) : Promise.resolve([]),
    previewEmailTemplate(context.platform, tenant, { templateGuid: template.guid, contactGuid: search.get('previewFor') ?? '' }),
  ])
  return { template, tags, query, matches, preview, confirmDelete: search.get('confirm') === 'delete', title: tFor(context.language, 'templates')('editTemplate') }
}

export const action = ({ params, ...args }: ActionFunctionArgs) => templateFormAction(args, params.guId ?? '')

export default function EditTemplateRoute() {
  const { template, tags, query, matches, preview, confirmDelete } = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const { t } = useTemplatesWords()
  const base = `/settings/templates/edit/${template.guid}`
  return (
    <>
      <TemplateEditor mode="edit" values={posted?.values ?? template} errors={posted?.errors ?? {}} tags={tags} addFieldHref={`${base}/field`} deleteHref={`${base}?confirm=delete`} />
      <section aria-labelledby="preview-heading" className="mx-auto mb-6 flex w-full max-w-4xl flex-col gap-4 px-4 sm:px-6">
        <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
            {t('preview')}
          </h2>
          <p className="text-sm text-slate-600">{t('previewText')}</p>
          <ContactChooser id="preview-contact" query={query} matches={matches} chooseHref={(guid) => `${base}?previewFor=${guid}`} />
          {preview ? (
            <article aria-label={t('previewFor', { name: preview.contactName })} className="rounded-lg border border-slate-200">
              <header className="border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm">
                <p className="text-slate-600">{t('previewTo', { name: preview.contactName })}</p>
                <p className="font-medium text-slate-900">{preview.subject}</p>
              </header>
              {/* Sanitised on save and again after the tags were filled in; the values are escaped (render-template.ts). */}
              <div
                className="max-w-none px-4 py-3 text-sm text-slate-800 [&_a]:text-brand-text [&_a]:underline [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6"
                dangerouslySetInnerHTML={{ __html: preview.html }}
              />
            </article>
          ) : null}
        </div>
      </section>
      {confirmDelete ? <ConfirmDialog closeTo={base} title={t('deleteTemplate')} message={t('deleteTemplateQuestion', { name: template.name })} intent="delete" yesLabel={t('delete')} /> : null}
      <Outlet />
    </>
  )
}
