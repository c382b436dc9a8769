import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useActionData, useLoaderData, useOutlet } from '@remix-run/react'
import { BookOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { screenMeta } from '#app/components/layout/page-title'
import { CourseFields } from '#app/components/catalog/course-fields'
import { ItemEditorPage } from '#app/components/catalog/item-editor-page'
import { ButtonLink } from '#app/components/ui/button'
import { requireModule } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { itemEditorAction, loadItemEditorScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Edit Course')

export const handle: I18nHandle = { i18n: ['catalog'] }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'course')
  requireModule(context, 'courses')
  return loadItemEditorScreen(access, context, 'course', params.guId ?? '')
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireItemRole(request, context, 'course')
  requireModule(context, 'courses')
  return itemEditorAction(access, request, context, 'course', params.guId ?? '')
}

export default function EditCourseRoute() {
  const { t } = useTranslation('catalog')
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  // /services/{guid}/content is a child of this route by its file name: it shows alone.
  const child = useOutlet()
  if (child) return <Outlet />
  return (
    <ItemEditorPage
      loaded={loaded}
      result={result}
      kindTitle={t('cardPayment')}
      kindFields={(values, errors) => <CourseFields values={values} errors={errors} />}
      links={
        loaded.item ? (
          <ButtonLink to={`/services/${loaded.item.guid}/content`} variant="secondary">
            <BookOpen aria-hidden className="h-4 w-4" /> {t('courseContent')}
          </ButtonLink>
        ) : null
      }
    />
  )
}
