import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { z } from 'zod'
import { screenMeta } from '#app/components/layout/page-title'
import { PageHeader } from '#app/components/layout/page-header'
import { Button } from '#app/components/ui/button'
import { requirePermission } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { profileContactIds } from '#server/contacts/profile/profile-contact-exists'
import { profilePath } from '#server/contacts/profile/profile-tabs'
import { notFound } from '#server/errors/responses'
import { formatFileSize, listFilesSharedWith, listSharedFiles, shareFile, unshareFile } from '#server/shared-files/shared-files'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Files')

/** The files shared with one contact (/contacts/{guId}/files), shared and unshared from here too. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const contact = await profileContactIds({ database: context.platform.database, tenant, unverifiedGuid: params.guId })
  if (!contact) throw notFound()
  const shared = await listFilesSharedWith(context.platform.database, tenant, contact.id, { includeAllStudents: false })
  const recent = await listSharedFiles(context.platform.database, tenant, { search: '', page: 1 })
  const sharedIds = new Set(shared.map((file) => file.id))
  return {
    guId: contact.guid,
    shared: shared.map((file) => ({ id: file.id, name: file.name, sizeText: formatFileSize(file.sizeBytes) })),
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
  if (!parsed.success) return data({ error: 'Choose a file.' }, { status: 400 })
  const back = `/contacts/${contact.guid}/files`
  if (parsed.data.intent === 'unshare') {
    await unshareFile(database, tenant, { fileId: parsed.data.fileId, contactId: contact.id })
    return redirectWithToast(back, { type: 'success', message: 'No longer shared.' })
  }
  const shared = await shareFile(database, tenant, { fileId: parsed.data.fileId, contactId: contact.id })
  if (!shared.ok) return data({ error: shared.error === 'not_found' ? 'Choose a file.' : shared.message }, { status: 400 })
  return redirectWithToast(back, { type: 'success', message: 'File shared.' })
}

export default function ContactFilesRoute() {
  const { guId, shared, choices } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 p-4 sm:p-6">
      <Link to={profilePath(guId)} className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Contact
      </Link>
      <PageHeader title="Files" description="Files shared with this contact. Files shared with all students are on the Files screen." />
      {result?.error ? <p role="alert" className="text-sm font-medium text-red-700">{result.error}</p> : null}
      {shared.length === 0 ? (
        <p className="text-sm text-slate-600">No files are shared with this contact yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {shared.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3" data-contact-file={file.name}>
              <span><Link to={`/files/${file.id}`} className="font-medium text-brand-text hover:underline">{file.name}</Link> <span className="text-sm text-slate-600">{file.sizeText}</span></span>
              <Form method="post">
                <input type="hidden" name="intent" value="unshare" />
                <input type="hidden" name="fileId" value={file.id} />
                <Button type="submit" size="sm">Unshare<span className="sr-only"> {file.name}</span></Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {choices.length > 0 ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="share" />
          <div>
            <label htmlFor="fileId" className="block text-sm font-medium text-slate-800">Share a file</label>
            <select id="fileId" name="fileId" className="mt-1 min-h-10 max-w-full rounded-md border border-slate-300 px-2 text-sm">
              {choices.map((file) => <option key={file.id} value={file.id}>{file.name}</option>)}
            </select>
          </div>
          <Button type="submit" variant="primary">Share</Button>
        </Form>
      ) : null}
    </div>
  )
}
