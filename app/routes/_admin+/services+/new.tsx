import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { screenMeta } from '#app/components/layout/page-title'
import { CourseFields } from '#app/components/catalog/course-fields'
import { ItemEditorPage } from '#app/components/catalog/item-editor-page'
import { requireModule } from '#app/utils/auth.server'
import { itemEditorAction, loadItemEditorScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Add Course')

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'course')
  requireModule(context, 'courses')
  return loadItemEditorScreen(access, context, 'course', null)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireItemRole(request, context, 'course')
  requireModule(context, 'courses')
  return itemEditorAction(access, request, context, 'course', null)
}

export default function NewCourseRoute() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <ItemEditorPage loaded={loaded} result={result} kindTitle="Payment" kindFields={(values, errors) => <CourseFields values={values} errors={errors} />} />
}
