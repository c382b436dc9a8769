import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import quillSnow from 'quill/dist/quill.snow.css'
import { readUploadForm } from '#server/files/read-upload-form'
import { loadWebsiteSettings, saveWebsiteSettings } from '#server/settings/website-settings'
import { unreadableForm } from '#server/settings/screen-form'
import { SchemaForm, type SchemaFormResult } from '#app/components/schema-form/schema-form'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { allowSignedInPageCache } from '#server/http/signed-in-page-cache'

export const meta: MetaFunction = () => [{ title: 'Website Settings' }]

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: quillSnow }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  // Drawn from the tenant's settings, the session and cookies only: kept per user until a write.
  allowSignedInPageCache(context)
  return loadWebsiteSettings(context.platform, requireTenant(context))
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const upload = await readUploadForm(request)
  if (upload.malformed) return data(unreadableForm(), { status: 400 })
  const outcome = await saveWebsiteSettings(context.platform, requireTenant(context), upload)
  if (!outcome.ok) return data(outcome.details, { status: 400 })
  return redirectWithToast('/settings', { type: 'success', message: outcome.value.toast })
}

export default function WebsiteSettingsRoute() {
  const { descriptor, values } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as SchemaFormResult | undefined
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title="Website Settings" backTo="/settings" customiseKey="website">
        <Link to="/settings/seosetting" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
          SEO settings
        </Link>
      </ScreenHeader>
      <ScreenPanel>
        <SchemaForm id="website" intent="website" descriptor={descriptor} values={values} result={result} cancelTo="/settings" />
      </ScreenPanel>
    </div>
  )
}
