import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { FolderOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { Button } from '#app/components/ui/button'
import { EmptyState } from '#app/components/ui/empty-state'
import { PageLinks } from '#app/components/ui/pagination'
import { requirePermission } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { redirectWithToast } from '#app/utils/toast.server'
import { contactFileSize } from '#server/contacts/contact-files'
import { readUploadForm } from '#server/files/read-upload-form'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { FILES_SCREEN_MESSAGES } from '#server/shared-files/files-screen-messages'
import { fileDateText } from '#server/shared-files/file-date-text'
import { checkSharedUpload, listSharedFiles, MAX_FILES_PER_UPLOAD, MAX_SHARED_FILE_BYTES, storeSharedFiles } from '#server/shared-files/shared-files'

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => screenMeta(matches, page?.title ?? 'Files')

export const handle: I18nHandle = { i18n: ['website'] }

/** The studio's files (spec 000 route /files): a page of them, a search by name, an upload form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const params = new URL(request.url).searchParams
  const search = (params.get('q') ?? '').slice(0, 100)
  const list = await listSharedFiles(context.platform.database, tenant, { search, page: Number(params.get('page') ?? '1') })
  const words = tFor(context.language, 'website')
  const files = list.files.map((file) => ({
    ...file,
    sizeText: contactFileSize(file.sizeBytes, context.language),
    dateText: fileDateText(file.createdAt, tenant.settings, context.language),
    sharedWithText: [file.sharedWithAll ? words('files_allStudents') : '', file.sharedWithNames].filter(Boolean).join(', '),
  }))
  return { ...list, search, files, title: words('files_title') }
}

/** Up to four files of at most 10 MB each; one refused file keeps none of them. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, user } = await requirePermission(request, context, 'showContacts')
  const upload = await readUploadForm(request, { maxFileBytes: MAX_SHARED_FILE_BYTES })
  if (upload.malformed) return data({ error: translateMessage(context.language, FILES_SCREEN_MESSAGES.unreadableUpload) }, { status: 400 })
  const files = upload.form.getAll('files').filter((value): value is File => typeof value !== 'string')
  const oversized = upload.oversized.size > 0 ? 1 : 0
  const checked = await checkSharedUpload(files, oversized)
  if (!checked.ok) return data({ error: translateMessage(context.language, checked.message) }, { status: 400 })
  const ids = await storeSharedFiles(context.platform, tenant, checked.value, user.fullName)
  const message = ids.length === 1 ? FILES_SCREEN_MESSAGES.uploadedOne : FILES_SCREEN_MESSAGES.uploadedMany(ids.length)
  return redirectWithToast(ids.length === 1 ? `/files/${ids[0] ?? ''}` : '/files', { type: 'success', message })
}

export default function FilesRoute() {
  const { files, total, page, pageCount, search } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { t } = useTranslation('website')
  const hrefOf = (target: number) => `/files?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(target) }).toString()}`
  return (
    <>
      <PageHeader title={t('files_title')} description={t('files_description')} />
      <section aria-labelledby="upload-heading" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="upload-heading" className="text-base font-semibold text-slate-900">{t('files_uploadHeading')}</h2>
        <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
          <div className="min-w-0">
            <label htmlFor="files" className="block text-sm font-medium text-slate-800">{t('files_filesLabel', { max: MAX_FILES_PER_UPLOAD })}</label>
            <input id="files" name="files" type="file" multiple required className="mt-1 block w-full min-w-0 max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50" aria-describedby={result?.error ? 'upload-error' : undefined} />
          </div>
          <Button type="submit" variant="primary">{t('files_upload')}</Button>
        </Form>
        {result?.error ? (
          <p id="upload-error" role="alert" className="mt-2 text-sm font-medium text-red-700">{result.error}</p>
        ) : null}
      </section>
      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="q" className="block text-sm font-medium text-slate-800">{t('files_searchByName')}</label>
          <input id="q" name="q" type="search" defaultValue={search} className="mt-1 min-h-10 rounded-md border border-slate-300 px-3 text-sm" />
        </div>
        <Button type="submit">{t('search')}</Button>
      </Form>
      {files.length === 0 ? (
        <EmptyState icon={FolderOpen} title={search ? t('files_noMatch') : t('files_none')}>
          {search ? t('files_noMatchText') : t('files_noneText')}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[640px] text-left text-sm">
            <caption className="sr-only">{t('files_caption', { total })}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">{t('files_name')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('files_size')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('files_type')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('files_sharedWith')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('files_uploadedBy')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('files_date')}</th>
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr key={file.id} className="border-t border-slate-200" data-file={file.name}>
                  <td className="px-3 py-2"><Link to={`/files/${file.id}`} className="font-medium text-brand-text hover:underline">{file.name}</Link></td>
                  <td className="px-3 py-2 text-slate-700">{file.sizeText}</td>
                  <td className="px-3 py-2 text-slate-700">{file.contentType.split(';')[0]}</td>
                  <td className="px-3 py-2 text-slate-700">{file.sharedWithText || t('files_notShared')}</td>
                  <td className="px-3 py-2 text-slate-700">{file.uploadedBy ?? ''}</td>
                  <td className="px-3 py-2 text-slate-700">{file.dateText}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pageCount > 1 ? <div className="mt-4"><PageLinks page={page} pageCount={pageCount} hrefOf={hrefOf} /></div> : null}
    </>
  )
}
