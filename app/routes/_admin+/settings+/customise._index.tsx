import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { customisableScreens } from '#server/screens/customise-screen'
import { ScreenHeader } from '#app/components/schema-form/screen-header'
import { requireAdmin } from '#app/utils/auth.server'

export const meta: MetaFunction = () => [{ title: 'Customise screens' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return { screens: customisableScreens() }
}

export default function CustomiseScreensRoute() {
  const { screens } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title="Customise screens" backTo="/settings" />
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {screens.map((screen) => (
          <li key={screen.key}>
            <Link to={`/settings/customise/${screen.key}`} className="flex items-center justify-between px-4 py-3 hover:bg-slate-50">
              <span className="font-medium text-slate-900">{screen.title}</span>
              <span className="text-sm text-brand">Customise</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
