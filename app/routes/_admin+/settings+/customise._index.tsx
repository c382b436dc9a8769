import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { formbuilderWords } from '#server/custom-fields/formbuilder-words'
import { customisableScreens } from '#server/screens/customise-screen'
import { useFormbuilderWords } from '#app/components/forms/use-formbuilder-words'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { requireAdmin } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Customise screens' }]

export const handle: I18nHandle = { i18n: ['formbuilder'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return { screens: customisableScreens(context.language), title: formbuilderWords(context.language)('customiseScreensTitle') }
}

export default function CustomiseScreensRoute() {
  const { screens } = useLoaderData<typeof loader>()
  const { t } = useFormbuilderWords()
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title={t('customiseScreensTitle')} backTo="/settings" />
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {screens.map((screen) => (
          <li key={screen.key}>
            <Link to={`/settings/customise/${screen.key}`} className="flex items-center justify-between px-4 py-3 hover:bg-slate-50">
              <span className="font-medium text-slate-900">{screen.title}</span>
              <span className="text-sm text-brand">{t('customise')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
