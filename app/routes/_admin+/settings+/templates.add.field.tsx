import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CustomFieldDialog } from '#app/components/forms/custom-field-dialog'
import { templateFieldDialogAction, templateFieldDialogLoader } from '#app/utils/template-field-dialog.server'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Add Custom Field' }]

export const loader = async (args: LoaderFunctionArgs) => ({ view: await templateFieldDialogLoader(args, null), title: tFor(args.context.language, 'templates')('addCustomFieldTitle') })

export const action = (args: ActionFunctionArgs) => templateFieldDialogAction(args, null)

export default function AddTemplateFieldRoute() {
  const { view } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <CustomFieldDialog {...view} isNew result={result ?? null} closeTo="/settings/templates/add" />
}
