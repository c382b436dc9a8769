import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { ClipboardList, Eye, FileText, Plus } from 'lucide-react'
import { hasPermission } from '#server/auth/permissions'
import { formbuilderWords, formTypeLabelIn } from '#server/custom-fields/formbuilder-words'
import { loadFormsList, togglePublished } from '#server/forms/forms-list'
import { useFormbuilderWords } from '#app/components/forms/use-formbuilder-words'
import { Button, ButtonLink } from '#app/components/ui/button'
import { EmptyState } from '#app/components/ui/empty-state'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireModule, requireStaff } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Forms' }]

export const handle: I18nHandle = { i18n: ['formbuilder'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStaff(request, context)
  requireModule(context, 'forms')
  // Submissions are contact data: only roles that may see contacts get the link (decision 056).
  const showsSubmissions = hasPermission(tenant.settings.roles, user.role, 'showContacts')
  const forms = await loadFormsList(context.platform, tenant)
  return {
    forms: forms.map((form) => ({ ...form, typeLabel: formTypeLabelIn(form.formType, context.language) })),
    showsSubmissions,
    title: formbuilderWords(context.language)('formsTitle'),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant } = await requireStaff(request, context)
  requireModule(context, 'forms')
  const form = await request.formData().catch(() => null)
  const outcome = await togglePublished(context.platform, tenant, {
    guId: String(form?.get('guId') ?? ''),
    publish: form?.get('intent') === 'publish',
  })
  if (!outcome) throw notFound()
  return redirectWithToast('/customforms', { type: 'success', message: outcome })
}

/** Staff list of forms: a green dot marks those visitors see on the public site. */
export default function CustomFormsRoute() {
  const { forms, showsSubmissions } = useLoaderData<typeof loader>()
  const { t } = useFormbuilderWords()
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('formsTitle')}</h1>
        <ButtonLink to="/customforms/new" variant="primary" className="ml-auto">
          <Plus aria-hidden className="h-4 w-4" /> {t('addForm')}
        </ButtonLink>
      </header>
      <p className="text-sm text-slate-600">
        <span aria-hidden className="mr-1.5 inline-block h-2.5 w-2.5 rounded-full bg-green-500" />
        {t('greenDotNote')}
      </p>
      {forms.length === 0 ? (
        <EmptyState icon={ClipboardList} title={t('noFormsYet')}>
          {t('addFirstForm')}
        </EmptyState>
      ) : (
        <Table label={t('formsTitle')}>
          <TableHead>
            <HeaderCell>{t('colName')}</HeaderCell>
            <HeaderCell>{t('colType')}</HeaderCell>
            <HeaderCell align="end">{t('colFields')}</HeaderCell>
            <HeaderCell align="end">{t('colSubmissions')}</HeaderCell>
            <HeaderCell>
              <span className="sr-only">{t('colActions')}</span>
            </HeaderCell>
          </TableHead>
          <TableBody columnCount={5} empty={null}>
            {forms.map((form) => (
              <Row key={form.guId}>
                <Cell>
                  {/* An image of a dot, so that its label is allowed and read. */}
                  <span
                    role="img"
                    aria-label={form.isPublished ? t('published') : t('private')}
                    title={form.isPublished ? t('publishedVisible') : t('private')}
                    className={`mr-2 inline-block h-2.5 w-2.5 rounded-full ${form.isPublished ? 'bg-green-500' : 'bg-slate-300'}`}
                  />
                  <Link to={`/customforms/${form.guId}`} className="font-medium text-slate-900 hover:text-brand">
                    {form.name}
                  </Link>
                </Cell>
                <Cell className="text-slate-600">{form.typeLabel}</Cell>
                <Cell align="end" className="text-slate-600">
                  {form.fieldCount}
                </Cell>
                <Cell align="end">
                  {showsSubmissions ? (
                    <ButtonLink to={`/customforms/${form.guId}/submissions`} variant="link">
                      <FileText aria-hidden className="h-4 w-4" /> {form.submissionCount}
                    </ButtonLink>
                  ) : (
                    <span className="inline-flex items-center gap-1">
                      <FileText aria-hidden className="h-4 w-4" /> {form.submissionCount}
                    </span>
                  )}
                </Cell>
                <Cell>
                  <div className="flex justify-end gap-2">
                    <ButtonLink to={`/introductory/${form.guId}`} reloadDocument target="_blank" rel="noreferrer" variant="secondary" size="sm">
                      <Eye aria-hidden className="h-3.5 w-3.5" /> {t('preview')}
                    </ButtonLink>
                    <Form method="post">
                      <input type="hidden" name="guId" value={form.guId} />
                      <Button type="submit" name="intent" value={form.isPublished ? 'unpublish' : 'publish'} variant="secondary" size="sm">
                        {form.isPublished ? t('unpublish') : t('publish')}
                      </Button>
                    </Form>
                  </div>
                </Cell>
              </Row>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  )
}
