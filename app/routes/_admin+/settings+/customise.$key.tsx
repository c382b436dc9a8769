import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowDown, ArrowUp, TriangleAlert } from 'lucide-react'
import { readUploadForm } from '#server/files/read-upload-form'
import { CUSTOMISATION_RESET, loadCustomisation, resetCustomisation, INVALID_FORM, saveCustomisation, SCREEN_PATHS, type CustomiseRefusal } from '#server/screens/customise-screen'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Customise ${data.view.title}` : 'Customise' }]

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const view = await loadCustomisation(context.platform, requireTenant(context), params.key ?? '')
  if (!view) throw notFound()
  return { view, backTo: SCREEN_PATHS[view.key] ?? '/settings' }
}

const unreadableCustomisation: CustomiseRefusal = { formError: INVALID_FORM, fieldErrors: {}, rows: [] }

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const key = params.key ?? ''
  const upload = await readUploadForm(request)
  if (upload.malformed) return data(unreadableCustomisation, { status: 400 })
  const form = upload.form
  const here = `/settings/customise/${key}`
  if (form.get('intent') === 'reset') {
    if (!(await resetCustomisation(context.platform, tenant, user.contactId, key))) throw notFound()
    return redirectWithToast(here, { type: 'success', message: CUSTOMISATION_RESET })
  }
  const outcome = await saveCustomisation(context.platform, tenant, user.contactId, key, form)
  if (!outcome.ok && outcome.error === 'not_found') throw notFound()
  if (!outcome.ok) return data(outcome.details, { status: 400 })
  return redirectWithToast(here, { type: 'success', message: outcome.value.toast })
}

export default function CustomiseScreenRoute() {
  const { view, backTo } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as CustomiseRefusal | undefined
  const navigation = useNavigation()
  const rows = refused && refused.rows.length > 0 ? refused.rows.map((row) => ({ ...view.rows.find((r) => r.name === row.name)!, ...row })) : view.rows
  const errors = refused?.fieldErrors ?? {}
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title={`Customise: ${view.title}`} backTo={backTo} />
      <p className="text-sm text-slate-600">
        Rename fields, change their help text and order, or hide optional ones. Your changes apply to this organisation only.{' '}
        <Link to={backTo} className="text-brand underline">
          Back to {view.title}
        </Link>
      </p>
      {view.problems.length > 0 ? (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlert aria-hidden className="h-4 w-4" />
            Some of your changes no longer fit this screen and are ignored:
          </p>
          <ul className="mt-2 list-disc pl-6">
            {view.problems.map((problem) => (
              <li key={`${problem.field}:${problem.message}`}>{problem.message}</li>
            ))}
          </ul>
          <p className="mt-2">Saving this page again stores only what still applies.</p>
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
            <span>Position</span>
            <span>Label</span>
            <span>Help text</span>
            <span>Hidden</span>
          </div>
          <ol className="flex flex-col divide-y divide-slate-100">
            {rows.map((row, index) => {
              const fieldErrors = errors[row.name] ?? []
              const title = row.group ? `${row.group} › ${row.defaultLabel}` : row.defaultLabel
              return (
                <li key={row.name} className="grid gap-3 px-2 py-3 md:grid-cols-[5rem_1fr_1fr_6rem] md:items-start" data-field-row={row.name}>
                  <input type="hidden" name="order[]" value={row.name} />
                  <div className="flex items-center gap-1">
                    <button type="submit" name="move" value={`${row.name}:up`} disabled={index === 0} className="rounded p-1.5 text-slate-600 hover:bg-slate-100 disabled:opacity-30" aria-label={`Move ${title} up`}>
                      <ArrowUp aria-hidden className="h-4 w-4" />
                    </button>
                    <button type="submit" name="move" value={`${row.name}:down`} disabled={index === rows.length - 1} className="rounded p-1.5 text-slate-600 hover:bg-slate-100 disabled:opacity-30" aria-label={`Move ${title} down`}>
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
                      aria-label={`Label of ${title}`}
                      className="rounded-md border border-slate-300 px-3 py-2"
                    />
                  </label>
                  <label className="flex flex-col gap-1 text-sm">
                    <span className="text-slate-500 md:invisible">Help text</span>
                    <input
                      name={`help[${row.name}]`}
                      defaultValue={row.help}
                      maxLength={300}
                      aria-label={`Help text of ${title}`}
                      className="rounded-md border border-slate-300 px-3 py-2"
                    />
                  </label>
                  <div className="flex flex-col gap-1 text-sm md:pt-7">
                    {row.locked ? (
                      <span className="text-xs text-slate-500">Required</span>
                    ) : (
                      <label className="inline-flex items-center gap-2">
                        <input type="checkbox" name={`hidden[${row.name}]`} value="true" defaultChecked={row.hidden} className="h-4 w-4 rounded accent-brand" aria-label={`Hide ${title}`} />
                        Hide
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
              Reset to default
            </button>
            <div className="flex gap-3">
              <Link to={backTo} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
                Cancel
              </Link>
              <button type="submit" name="intent" value="save" disabled={navigation.state === 'submitting'} className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
                Save
              </button>
            </div>
          </div>
        </Form>
      </ScreenPanel>
    </div>
  )
}
