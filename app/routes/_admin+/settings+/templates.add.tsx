import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { NEW_TEMPLATE } from '#server/email-templates/email-template-form'
import { mergeTagChoices } from '#server/email-templates/email-templates'
import { TemplateEditor } from '#app/components/email-templates/template-editor'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { templateFormAction } from '#app/utils/template-form-action.server'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Add Template' }]

export const handle: I18nHandle = { i18n: ['templates'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return { tags: await mergeTagChoices(context.platform, requireTenant(context)), title: tFor(context.language, 'templates')('addTemplate') }
}

export const action = (args: ActionFunctionArgs) => templateFormAction(args, null)

/** Settings > Templates > Add; the custom field dialog of the + chip opens over it. */
export default function AddTemplateRoute() {
  const { tags } = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  return (
    <>
      <TemplateEditor mode="add" values={posted?.values ?? NEW_TEMPLATE} errors={posted?.errors ?? {}} tags={tags} addFieldHref="/settings/templates/add/field" />
      <Outlet />
    </>
  )
}
