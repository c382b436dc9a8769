import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeft, FileUp } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { createContactImport, UPLOAD_MESSAGES } from '#server/contacts/import/create-contact-import'
import { MAX_IMPORT_BYTES } from '#server/contacts/import/import-file'
import { recentImports } from '#server/contacts/import/import-pages'
import { readUploadForm } from '#server/files/read-upload-form'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { RecentImports } from '#app/components/contacts/recent-imports'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'
import { requirePermission } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => screenMeta(matches, page?.title ?? 'Import contacts')

export const handle: I18nHandle = { i18n: ['contacts'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const t = tFor(context.language, 'contacts')
  return { title: t('import_title'), imports: await recentImports(context.platform, tenant, context.language) }
}

/** The upload: the file is checked and kept, and the mapping step opens. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, user } = await requirePermission(request, context, 'showContacts')
  const upload = await readUploadForm(request, { maxFileBytes: MAX_IMPORT_BYTES })
  if (upload.malformed) return data({ error: translateMessage(context.language, UPLOAD_MESSAGES.noFile) }, { status: 400 })
  const posted = upload.form.get('file')
  const result = await createContactImport({
    platform: context.platform,
    tenant,
    actorContactId: user.contactId,
    file: posted instanceof File ? posted : null,
    oversized: upload.oversized.has('file'),
  })
  if (!result.ok) return data({ error: translateMessage(context.language, result.message) }, { status: result.error === 'payload_too_large' ? 413 : 400 })
  return redirect(`/contacts/import/${result.value.guId}`)
}

export default function ImportContactsRoute() {
  const { imports } = useLoaderData<typeof loader>()
  const { t } = useContactsWords()
  const answer = useActionData<typeof action>()
  const navigation = useNavigation()
  const [tooLarge, setTooLarge] = useState(false)
  const busy = navigation.state === 'submitting' && navigation.formAction?.startsWith('/contacts/import') === true
  const error = tooLarge ? t('import_tooLarge') : (answer?.error ?? null)

  // With JavaScript a file over the limit is refused before 50 MB travel for nothing.
  const checkSize = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem('file')
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined
    const over = file !== undefined && file.size > MAX_IMPORT_BYTES
    setTooLarge(over)
    if (over) event.preventDefault()
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5 p-4 sm:p-6">
      <Link to="/contacts" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-text hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {t('import_backContacts')}
      </Link>
      <PageHeader title={t('import_title')} description={t('import_description')} />
      <Card title={t('import_uploadCard')}>
        <Form method="post" encType="multipart/form-data" onSubmit={checkSize} className="flex flex-col gap-4">
          <Field
            id="import-file"
            label={t('import_fileLabel')}
            required
            errors={error ? [error] : null}
            hint={t('import_fileHint')}
          >
            {(control) => (
              <input
                {...control}
                type="file"
                name="file"
                accept=".csv,text/csv"
                onChange={() => setTooLarge(false)}
                className={`${FIELD_INPUT_CLASSES} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium file:text-slate-700`}
              />
            )}
          </Field>
          <div>
            <Button type="submit" variant="primary" busy={busy}>
              <FileUp aria-hidden className="h-4 w-4" />
              {t('import_uploadButton')}
            </Button>
          </div>
        </Form>
      </Card>
      <RecentImports imports={imports} />
    </div>
  )
}
