import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowDown, ArrowUp, TriangleAlert } from 'lucide-react'
import { readUploadForm } from '#server/files/read-upload-form'
import { formbuilderWords } from '#server/custom-fields/formbuilder-words'
import type { Language } from '#server/i18n/languages'
import { translateMessage } from '#server/i18n/translate-message'
import { CUSTOMISATION_RESET, loadCustomisation, resetCustomisation, INVALID_FORM, saveCustomisation, SCREEN_PATHS, type CustomiseRefusal } from '#server/screens/customise-screen'
import { useFormbuilderWords } from '#app/components/forms/use-formbuilder-words'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { requireAdmin } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Customise' }]

export const handle: I18nHandle = { i18n: ['formbuilder'] }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const view = await loadCustomisation(context.platform, requireTenant(context), params.key ?? '', context.language)
  if (!view) throw notFound()
  const problems = view.problems.map((problem) => ({ ...problem, message: translateMessage(context.language, problem.message) }))
  return { view: { ...view, problems }, backTo: SCREEN_PATHS[view.key] ?? '/settings', title: formbuilderWords(context.language)('customiseTitle', { title: view.title }) }
}

/** A refusal's messages in the page's language; what the user typed stays as typed. */
function refusalIn(language: Language, refusal: CustomiseRefusal): CustomiseRefusal {
  return {
    ...refusal,
    formError: translateMessage(language, refusal.formError),
    fieldErrors: Object.fromEntries(Object.entries(refusal.fieldErrors).map(([name, messages]) => [name, messages.map((message) => translateMessage(language, message))])),
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const key = params.key ?? ''
  const upload = await readUploadForm(request)
  if (upload.malformed) return data(refusalIn(context.language, { formError: INVALID_FORM, fieldErrors: {}, rows: [] }), { status: 400 })
  const form = upload.form
  const here = `/settings/customise/${key}`
  if (form.get('intent') === 'reset') {
    if (!(await resetCustomisation(context.platform, tenant, user.contactId, key))) throw notFound()
    return redirectWithToast(here, { type: 'success', message: CUSTOMISATION_RESET })
  }
  const outcome = await saveCustomisation(context.platform, tenant, user.contactId, key, form, context.language)
  if (!outcome.ok && outcome.error === 'not_found') throw notFound()
  if (!outcome.ok) return data(refusalIn(context.language, outcome.details), { status: 400 })
  return redirectWithToast(here, { type: 'success', message: outcome.value.toast })
}

export default function CustomiseScreenRoute() {
  const { view, backTo } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as CustomiseRefusal | undefined
  const navigation = useNavigation()
  const { t } = useFormbuilderWords()
  const rows = refused && refused.rows.length > 0 ? refused.rows.map((row) => ({ ...view.rows.find((r) => r.name === row.name)!, ...row })) : view.rows
  const errors = refused?.fieldErrors ?? {}
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title={t('customiseHeading', { title: view.title })} backTo={backTo} />
      <p className="text-sm text-slate-600">
        {t('customiseIntro')}{' '}
        <Link to={backTo} className="text-brand underline">
          {t('backToScreen', { title: view.title })}
        </Link>
      </p>
      {view.problems.length > 0 ? (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlert aria-hidden className="h-4 w-4" />
            {t('problemsIntro')}
          </p>
          <ul className="mt-2 list-disc pl-6">
            {view.problems.map((problem) => (
              <li key={`${problem.field}:${problem.message}`}>{problem.message}</li>
            ))}
          </ul>
          <p className="mt-2">{t('problemsOutro')}</p>
        </div>
      ) : null}
      {refused ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {refused.formError}
        </p>
      ) : null}
      <ScreenPanel>
        <Form method="post" className="flex flex-col gap-4">
          <div className="hidden grid-cols-[5rem_1fr_1fr_6rem] gap-3 px-2 text-xs font-semibold uppercase tracking-wide text-slate-500 md:grid">
            <span>{t('colPosition')}</span>
            <span>{t('colLabel')}</span>
            <span>{t('colHelpText')}</span>
            <span>{t('colHidden')}</span>
          </div>
          <ol className="flex flex-col divide-y divide-slate-100">
            {rows.map((row, index) => {
              const fieldErrors = errors[row.name] ?? []
              const title = row.group ? `${row.group} › ${row.defaultLabel}` : row.defaultLabel
              return (
                <li key={row.name} className="grid gap-3 px-2 py-3 md:grid-cols-[5rem_1fr_1fr_6rem] md:items-start" data-field-row={row.name}>
                  <input type="hidden" name="order[]" value={row.name} />
                  <div className="flex items-center gap-1">
                    <button type="submit" name="move" value={`${row.name}:up`} disabled={index === 0} className="rounded p-1.5 text-slate-600 hover:bg-slate-100 disabled:opacity-30" aria-label={t('moveUp', { name: title })}>
                      <ArrowUp aria-hidden className="h-4 w-4" />
                    </button>
                    <button type="submit" name="move" value={`${row.name}:down`} disabled={index === rows.length - 1} className="rounded p-1.5 text-slate-600 hover:bg-slate-100 disabled:opacity-30" aria-label={t('moveDown', { name: title })}>
                      <ArrowDown aria-hidden className="h-4 w-4" />
                    </button>
                  </div>
                  <label className="flex flex-col gap-1 text-sm">
                    <span className="font-medium text-slate-700">{title}</span>
                    <input
                      name={`label[${row.name}]`}
                      defaultValue={row.label}
                      placeholder={row.defaultLabel}
                      maxLength={100}
                      aria-label={t('labelOf', { title })}
                      className="rounded-md border border-slate-300 px-3 py-2"
                    />
                  </label>
                  <label className="flex flex-col gap-1 text-sm">
                    <span className="text-slate-500 md:invisible">{t('colHelpText')}</span>
                    <input
                      name={`help[${row.name}]`}
                      defaultValue={row.help}
                      maxLength={300}
                      aria-label={t('helpTextOf', { title })}
                      className="rounded-md border border-slate-300 px-3 py-2"
                    />
                  </label>
                  <div className="flex flex-col gap-1 text-sm md:pt-7">
                    {row.locked ? (
                      <span className="text-xs text-slate-500">{t('required')}</span>
                    ) : (
                      <label className="inline-flex items-center gap-2">
                        <input type="checkbox" name={`hidden[${row.name}]`} value="true" defaultChecked={row.hidden} className="h-4 w-4 rounded accent-brand" aria-label={t('hideField', { title })} />
                        {t('hide')}
                      </label>
                    )}
                  </div>
                  {fieldErrors.length > 0 ? (
                    <ul className="text-sm text-red-700 md:col-span-4">
                      {fieldErrors.map((message) => (
                        <li key={message}>{message}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              )
            })}
          </ol>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
            <button
              type="submit"
              name="intent"
              value="reset"
              disabled={!view.customised}
              className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
            >
              {t('resetToDefault')}
            </button>
            <div className="flex gap-3">
              <Link to={backTo} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
                {t('cancel')}
              </Link>
              <button type="submit" name="intent" value="save" disabled={navigation.state === 'submitting'} className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
                {t('save')}
              </button>
            </div>
          </div>
        </Form>
      </ScreenPanel>
    </div>
  )
}
