import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { ContactPicker } from '#app/components/contacts/contact-picker'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { Button, ButtonLink } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { requirePermission } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { redirectWithToast } from '#app/utils/toast.server'
import { contactFileSize } from '#server/contacts/contact-files'
import { notFound } from '#server/errors/responses'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { fileDateText } from '#server/shared-files/file-date-text'
import { FILES_SCREEN_MESSAGES as M } from '#server/shared-files/files-screen-messages'
import { deleteSharedFile, loadSharedFile, renameSharedFile, shareFile, unshareFile } from '#server/shared-files/shared-files'

export const meta: MetaFunction<typeof loader> = ({ matches, data: view }) => screenMeta(matches, view?.file.name ?? 'File')

export const handle: I18nHandle = { i18n: ['website'] }

/** One file (/files/{id}): details, who it is shared with, rename, delete; another tenant's file is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const file = await loadSharedFile(context.platform.database, tenant, params.id ?? '')
  if (!file) throw notFound()
  const confirmDelete = new URL(request.url).searchParams.get('confirm') === 'delete'
  const words = tFor(context.language, 'website')
  const sizeText = contactFileSize(file.sizeBytes, context.language)
  const dateText = fileDateText(file.createdAt, tenant.settings, context.language)
  const details = { size: sizeText, type: file.contentType.split(';')[0] ?? '', date: dateText }
  const detailsText = file.uploadedBy ? words('files_detailsBy', { ...details, name: file.uploadedBy }) : words('files_details', details)
  return { file: { ...file, sizeText, dateText, detailsText }, confirmDelete }
}

const actionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('share-contact'), contactId: z.string().max(100) }),
  z.object({ intent: z.literal('share-all') }),
  z.object({ intent: z.literal('unshare-contact'), contactId: z.string().max(100) }),
  z.object({ intent: z.literal('unshare-all') }),
  z.object({ intent: z.literal('rename'), name: z.string().max(1000) }),
  z.object({ intent: z.literal('delete') }),
])

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const id = params.id ?? ''
  const file = await loadSharedFile(context.platform.database, tenant, id)
  if (!file) throw notFound()
  const form = await request.formData().catch(() => null)
  const parsed = actionSchema.safeParse(form ? Object.fromEntries(form) : {})
  if (!parsed.success) return data({ error: translateMessage(context.language, M.unreadableRequest) }, { status: 400 })
  const database = context.platform.database
  const back = `/files/${file.id}`
  switch (parsed.data.intent) {
    case 'share-contact': {
      const shared = await shareFile(database, tenant, { fileId: file.id, contactId: parsed.data.contactId })
      if (!shared.ok) return data({ error: translateMessage(context.language, shared.message) }, { status: 400 })
      return redirectWithToast(back, { type: 'success', message: M.shared })
    }
    case 'share-all': {
      await shareFile(database, tenant, { fileId: file.id, contactId: null })
      return redirectWithToast(back, { type: 'success', message: M.sharedWithAll })
    }
    case 'unshare-contact':
      await unshareFile(database, tenant, { fileId: file.id, contactId: parsed.data.contactId })
      return redirectWithToast(back, { type: 'success', message: M.unshared })
    case 'unshare-all':
      await unshareFile(database, tenant, { fileId: file.id, contactId: null })
      return redirectWithToast(back, { type: 'success', message: M.unsharedAll })
    case 'rename': {
      const renamed = await renameSharedFile(database, tenant, { fileId: file.id, name: parsed.data.name })
      if (!renamed.ok) return data({ error: translateMessage(context.language, renamed.message) }, { status: 400 })
      return redirectWithToast(back, { type: 'success', message: M.renamed })
    }
    case 'delete':
      await deleteSharedFile(context.platform, tenant, file.id)
      return redirectWithToast('/files', { type: 'success', message: M.deleted })
  }
  return redirect(back)
}

export default function FileRoute() {
  const { file, confirmDelete } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { t } = useTranslation('website')
  return (
    <>
      <PageHeader title={file.name} description={file.detailsText} />
      <p className="mb-4 flex flex-wrap gap-3">
        <Link to="/files" className="text-sm font-medium text-brand-text hover:underline">{t('files_back')}</Link>
        <a href={`/files/${file.id}/download`} className="text-sm font-medium text-brand-text hover:underline">{t('files_download')}</a>
      </p>
      {result?.error ? <p role="alert" className="mb-4 text-sm font-medium text-red-700">{result.error}</p> : null}
      <section aria-labelledby="shared-heading" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="shared-heading" className="text-base font-semibold text-slate-900">{t('files_sharedWith')}</h2>
        <ul className="mt-2 flex flex-col gap-2">
          {file.allStudents ? (
            <li className="flex flex-wrap items-center justify-between gap-2">
              <span>{t('files_allStudents')}</span>
              <Form method="post"><input type="hidden" name="intent" value="unshare-all" /><Button type="submit" size="sm">{t('files_unshare')}<span className="sr-only">{` ${t('files_unshareAllStudents')}`}</span></Button></Form>
            </li>
          ) : null}
          {file.contacts.map((contact) => (
            <li key={contact.id} className="flex flex-wrap items-center justify-between gap-2" data-share={contact.name}>
              <span>{contact.name || contact.email}</span>
              <Form method="post"><input type="hidden" name="intent" value="unshare-contact" /><input type="hidden" name="contactId" value={contact.id} /><Button type="submit" size="sm">{t('files_unshare')}<span className="sr-only">{` ${t('files_unshareContact', { name: contact.name })}`}</span></Button></Form>
            </li>
          ))}
          {!file.allStudents && file.contacts.length === 0 ? <li className="text-sm text-slate-600">{t('files_notSharedYet')}</li> : null}
        </ul>
        {file.allStudents ? null : (
          <Form method="post" className="mt-3"><input type="hidden" name="intent" value="share-all" /><Button type="submit">{t('files_shareWithAll')}</Button></Form>
        )}
        <div className="mt-4">
          <ContactPicker action={`/files/${file.id}`} prompt={t('files_shareWithContact')} submitLabel={t('files_share')} autoFocus={false} excludeIds={[]}>
            <input type="hidden" name="intent" value="share-contact" />
          </ContactPicker>
        </div>
      </section>
      <section aria-labelledby="rename-heading" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="rename-heading" className="text-base font-semibold text-slate-900">{t('files_rename')}</h2>
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="rename" />
          <div>
            <label htmlFor="name" className="block text-sm font-medium text-slate-800">{t('files_name')}</label>
            <input id="name" name="name" defaultValue={file.name} maxLength={200} required className="mt-1 min-h-10 w-72 max-w-full rounded-md border border-slate-300 px-3 text-sm" />
          </div>
          <Button type="submit">{t('files_saveName')}</Button>
        </Form>
      </section>
      <ButtonLink to={`/files/${file.id}?confirm=delete`} variant="danger">{t('files_deleteFile')}</ButtonLink>
      {confirmDelete ? (
        <ConfirmDialog closeTo={`/files/${file.id}`} title={t('files_deleteTitle')} message={t('files_deleteQuestion', { name: file.name })} intent="delete" yesVariant="danger" />
      ) : null}
    </>
  )
}
