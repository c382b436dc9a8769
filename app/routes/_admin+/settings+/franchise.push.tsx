import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireFranchiseManager } from '#app/utils/franchise.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'
import { previewPush, pushGroupDescription, PUSH_GROUP_NAMES, PUSH_GROUPS, PUSH_MESSAGES, pushSettings, pushTargets, readPushChoice } from '#server/franchises/push-settings'

export const meta: MetaFunction = () => [{ title: 'Push settings to franchises' }]

/**
 * A master pushes its module flags or payment settings to chosen franchises: the choice is a GET
 * form whose answer shows, per franchise, what will change; Push then writes it. Works without
 * JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireFranchiseManager(request, context)
  const params = new URL(request.url).searchParams
  const choice = readPushChoice(params)
  const asked = params.has('preview')
  const [franchises, preview] = await Promise.all([pushTargets(context.platform, tenant), asked ? previewPush(context.platform, tenant, choice) : Promise.resolve(null)])
  const problem = asked && choice.groups.length === 0 ? PUSH_MESSAGES.chooseGroup : asked && choice.franchiseIds.length === 0 ? PUSH_MESSAGES.chooseFranchise : null
  return { franchises, choice, preview: problem ? null : preview, problem }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant } = await requireFranchiseManager(request, context)
  const pushed = await pushSettings(context.platform, tenant, readPushChoice(await request.formData()))
  if (pushed.ok) return redirectWithToast('/settings/franchise', { type: 'success', message: pushed.value.message })
  if (pushed.error === 'not_found') throw notFound()
  return data({ problem: pushed.message }, { status: 400 })
}

export default function PushSettingsRoute() {
  const { franchises, choice, preview, problem } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const navigation = useNavigation()
  const message = refused?.problem ?? problem
  const anyChange = preview?.some((franchise) => franchise.changes.length > 0) ?? false
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <ScreenHeader title="Push settings to franchises" backTo="/settings/franchise" />
      {message ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {message}
        </p>
      ) : null}
      <Form method="get" className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <input type="hidden" name="preview" value="1" />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">What to push</legend>
          {PUSH_GROUP_NAMES.map((group) => (
            <label key={group} className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="group" value={group} defaultChecked={choice.groups.includes(group)} className="mt-0.5 accent-brand" />
              <span>
                <span className="font-medium text-slate-900">{PUSH_GROUPS[group].label}</span>
                <span className="block text-slate-600">{pushGroupDescription(group)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">To which franchises</legend>
          {franchises.length === 0 ? <p className="text-sm text-slate-600">No franchises yet.</p> : null}
          {franchises.map((franchise) => (
            <label key={franchise.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="franchise" value={franchise.id} defaultChecked={choice.franchiseIds.includes(franchise.id)} className="accent-brand" />
              <span className="text-slate-900">{franchise.name}</span>
              <span className="font-mono text-xs text-slate-500">{franchise.orgId}</span>
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" variant="secondary">
            Show what will change
          </Button>
        </div>
      </Form>
      {preview ? (
        <section aria-labelledby="push-preview-title" className="flex flex-col gap-3">
          <h2 id="push-preview-title" className="text-base font-semibold text-slate-900">
            What will change
          </h2>
          <Table label="Changes per franchise" minWidth={520}>
            <TableHead>
              <HeaderCell>Franchise</HeaderCell>
              <HeaderCell>Setting</HeaderCell>
              <HeaderCell>Now</HeaderCell>
              <HeaderCell>After the push</HeaderCell>
            </TableHead>
            <TableBody columnCount={4} empty={<span>{PUSH_MESSAGES.nothingToChange}</span>}>
              {preview.flatMap((franchise) =>
                franchise.changes.length === 0
                  ? [
                      <Row key={franchise.franchiseId} data-push-franchise={franchise.orgId}>
                        <Cell className="font-medium">{franchise.name}</Cell>
                        <Cell className="text-slate-600" colSpan={3}>
                          Already the same
                        </Cell>
                      </Row>,
                    ]
                  : franchise.changes.map((change, index) => (
                      <Row key={`${franchise.franchiseId}-${change.setting}`} data-push-franchise={franchise.orgId}>
                        <Cell className="font-medium">{index === 0 ? franchise.name : ''}</Cell>
                        <Cell>{change.setting}</Cell>
                        <Cell className="text-slate-600">{change.from || '—'}</Cell>
                        <Cell className="font-medium text-slate-900">{change.to || '—'}</Cell>
                      </Row>
                    )),
              )}
            </TableBody>
          </Table>
          {anyChange ? (
            <Form method="post" className="flex items-center justify-end gap-3">
              {choice.groups.map((group) => (
                <input key={group} type="hidden" name="group" value={group} />
              ))}
              {choice.franchiseIds.map((id) => (
                <input key={id} type="hidden" name="franchise" value={id} />
              ))}
              <ButtonLink to="/settings/franchise" variant="secondary">
                Cancel
              </ButtonLink>
              <Button type="submit" variant="primary" busy={navigation.state === 'submitting'}>
                Push
              </Button>
            </Form>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}
