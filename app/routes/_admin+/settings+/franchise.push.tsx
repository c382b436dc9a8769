import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Cell, HeaderCell, Row, Table, TableBody, TableHead } from '#app/components/ui/table'
import { requireFranchiseManager } from '#app/utils/franchise.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'
import { previewPush, pushGroupDescription, pushGroupLabel, PUSH_GROUP_NAMES, PUSH_MESSAGES, pushSettings, pushTargets, readPushChoice } from '#server/franchises/push-settings'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import type { I18nHandle } from '#app/utils/i18n'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Push settings to franchises' }]

export const handle: I18nHandle = { i18n: ['settings'] }

/**
 * A master pushes its module flags or payment settings to chosen franchises: the choice is a GET
 * form whose answer shows, per franchise, what will change; Push then writes it. Works without
 * JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireFranchiseManager(request, context)
  const { language } = context
  const params = new URL(request.url).searchParams
  const choice = readPushChoice(params)
  const asked = params.has('preview')
  const [franchises, preview] = await Promise.all([pushTargets(context.platform, tenant), asked ? previewPush(context.platform, tenant, choice, language) : Promise.resolve(null)])
  const problem = asked && choice.groups.length === 0 ? PUSH_MESSAGES.chooseGroup : asked && choice.franchiseIds.length === 0 ? PUSH_MESSAGES.chooseFranchise : null
  return {
    title: tFor(language, 'settings')('pushTitle'),
    groups: PUSH_GROUP_NAMES.map((group) => ({ group, label: pushGroupLabel(group, language), description: pushGroupDescription(group, language) })),
    franchises,
    choice,
    preview: problem ? null : preview,
    problem: problem === null ? null : translateMessage(language, problem),
    nothingToChange: translateMessage(language, PUSH_MESSAGES.nothingToChange),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant } = await requireFranchiseManager(request, context)
  const pushed = await pushSettings(context.platform, tenant, readPushChoice(await request.formData()))
  if (pushed.ok) return redirectWithToast('/settings/franchise', { type: 'success', message: pushed.value.message })
  if (pushed.error === 'not_found') throw notFound()
  return data({ problem: translateMessage(context.language, pushed.message) }, { status: 400 })
}

export default function PushSettingsRoute() {
  const { groups, franchises, choice, preview, problem, nothingToChange } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('settings')
  const message = refused?.problem ?? problem
  const anyChange = preview?.some((franchise) => franchise.changes.length > 0) ?? false
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <ScreenHeader title={t('pushTitle')} backTo="/settings/franchise" />
      {message ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {message}
        </p>
      ) : null}
      <Form method="get" className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <input type="hidden" name="preview" value="1" />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">{t('pushWhat')}</legend>
          {groups.map(({ group, label, description }) => (
            <label key={group} className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="group" value={group} defaultChecked={choice.groups.includes(group)} className="mt-0.5 accent-brand" />
              <span>
                <span className="font-medium text-slate-900">{label}</span>
                <span className="block text-slate-600">{description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">{t('pushToWhich')}</legend>
          {franchises.length === 0 ? <p className="text-sm text-slate-600">{t('pushNoFranchises')}</p> : null}
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
            {t('pushShowChanges')}
          </Button>
        </div>
      </Form>
      {preview ? (
        <section aria-labelledby="push-preview-title" className="flex flex-col gap-3">
          <h2 id="push-preview-title" className="text-base font-semibold text-slate-900">
            {t('pushWhatWillChange')}
          </h2>
          <Table label={t('pushChangesTable')} minWidth={520}>
            <TableHead>
              <HeaderCell>{t('pushColFranchise')}</HeaderCell>
              <HeaderCell>{t('pushColSetting')}</HeaderCell>
              <HeaderCell>{t('pushColNow')}</HeaderCell>
              <HeaderCell>{t('pushColAfter')}</HeaderCell>
            </TableHead>
            <TableBody columnCount={4} empty={<span>{nothingToChange}</span>}>
              {preview.flatMap((franchise) =>
                franchise.changes.length === 0
                  ? [
                      <Row key={franchise.franchiseId} data-push-franchise={franchise.orgId}>
                        <Cell className="font-medium">{franchise.name}</Cell>
                        <Cell className="text-slate-600" colSpan={3}>
                          {t('pushAlreadySame')}
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
                {t('pushCancel')}
              </ButtonLink>
              <Button type="submit" variant="primary" busy={navigation.state === 'submitting'}>
                {t('pushButton')}
              </Button>
            </Form>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}
