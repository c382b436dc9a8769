import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { z } from 'zod'
import { screenMeta } from '#app/components/layout/page-title'
import { PageHeader } from '#app/components/layout/page-header'
import { Button } from '#app/components/ui/button'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'
import { requirePermission } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { redirectWithToast } from '#app/utils/toast.server'
import { profileContactIds } from '#server/contacts/profile/profile-contact-exists'
import { profilePath } from '#server/contacts/profile/profile-tabs'
import { CONTACT_FILES_MESSAGES, contactFileSize } from '#server/contacts/contact-files'
import { notFound } from '#server/errors/responses'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { listFilesSharedWith, listSharedFiles, shareFile, unshareFile } from '#server/shared-files/shared-files'

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => screenMeta(matches, page?.title ?? 'Files')

export const handle: I18nHandle = { i18n: ['contacts'] }

/** The files shared with one contact (/contacts/{guId}/files), shared and unshared from here too. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const contact = await profileContactIds({ database: context.platform.database, tenant, unverifiedGuid: params.guId })
  if (!contact) throw notFound()
  const shared = await listFilesSharedWith(context.platform.database, tenant, contact.id, { includeAllStudents: false })
  const recent = await listSharedFiles(context.platform.database, tenant, { search: '', page: 1 })
  const sharedIds = new Set(shared.map((file) => file.id))
  return {
    title: tFor(context.language, 'contacts')('files_title'),
    guId: contact.guid,
    shared: shared.map((file) => ({ id: file.id, name: file.name, sizeText: contactFileSize(file.sizeBytes, context.language) })),
    choices: recent.files.filter((file) => !sharedIds.has(file.id)).map((file) => ({ id: file.id, name: file.name })),
  }
}

const actionSchema = z.object({ intent: z.enum(['share', 'unshare']), fileId: z.string().max(100) })

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const database = context.platform.database
  const contact = await profileContactIds({ database, tenant, unverifiedGuid: params.guId })
  if (!contact) throw notFound()
  const form = await request.formData().catch(() => null)
  const parsed = actionSchema.safeParse(form ? Object.fromEntries(form) : {})
  const chooseFile = translateMessage(context.language, CONTACT_FILES_MESSAGES.chooseFile)
  if (!parsed.success) return data({ error: chooseFile }, { status: 400 })
  const back = `/contacts/${contact.guid}/files`
  if (parsed.data.intent === 'unshare') {
    await unshareFile(database, tenant, { fileId: parsed.data.fileId, contactId: contact.id })
    return redirectWithToast(back, { type: 'success', message: CONTACT_FILES_MESSAGES.unshared })
  }
  const shared = await shareFile(database, tenant, { fileId: parsed.data.fileId, contactId: contact.id })
  if (!shared.ok) return data({ error: shared.error === 'not_found' ? chooseFile : translateMessage(context.language, shared.message) }, { status: 400 })
  return redirectWithToast(back, { type: 'success', message: CONTACT_FILES_MESSAGES.shared })
}

export default function ContactFilesRoute() {
  const { guId, shared, choices } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { t } = useContactsWords()
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 p-4 sm:p-6">
      <Link to={profilePath(guId)} className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {t('files_back')}
      </Link>
      <PageHeader title={t('files_title')} description={t('files_description')} />
      {result?.error ? <p role="alert" className="text-sm font-medium text-red-700">{result.error}</p> : null}
      {shared.length === 0 ? (
        <p className="text-sm text-slate-600">{t('files_none')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {shared.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3" data-contact-file={file.name}>
              <span><Link to={`/files/${file.id}`} className="font-medium text-brand-text hover:underline">{file.name}</Link> <span className="text-sm text-slate-600">{file.sizeText}</span></span>
              <Form method="post">
                <input type="hidden" name="intent" value="unshare" />
                <input type="hidden" name="fileId" value={file.id} />
                <Button type="submit" size="sm">{t('files_unshare')}<span className="sr-only"> {file.name}</span></Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {choices.length > 0 ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="share" />
          <div>
            <label htmlFor="fileId" className="block text-sm font-medium text-slate-800">{t('files_shareAFile')}</label>
            <select id="fileId" name="fileId" className="mt-1 min-h-10 max-w-full rounded-md border border-slate-300 px-2 text-sm">
              {choices.map((file) => <option key={file.id} value={file.id}>{file.name}</option>)}
            </select>
          </div>
          <Button type="submit" variant="primary">{t('files_share')}</Button>
        </Form>
      ) : null}
    </div>
  )
}
