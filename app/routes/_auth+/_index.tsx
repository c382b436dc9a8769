import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FIND_ORGANISATION_MESSAGES } from '#server/auth/sign-in-messages'
import { ORG_COOKIE } from '#server/http/org-cookie'
import { translateMessage } from '#server/i18n/translate-message'
import { landingFor } from '#server/navigation/landing'
import { loadPublicSite } from '#server/website/public-pages'
import { getSessionUser } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { PAGE_NOT_FOUND_PATH } from '#app/utils/navigation.server'

export const handle: I18nHandle = { i18n: ['auth'] }

/**
 * The empty path. On a tenant's host, the landing rules pick the page: the home page (or the
 * first external page, or login) for visitors, the role's landing screen for signed-in users.
 * On the bare platform host, the organisation picker.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.tenant) return { platform: true as const }
  const tenant = context.tenant
  const user = await getSessionUser(request, context)
  const { pages } = await loadPublicSite(context.platform.database, tenant, null)
  const landing = landingFor({ path: '/', user, tenant, pages })
  if (landing.kind === 'redirect' || landing.kind === 'end-preview') return redirect(landing.to)
  return redirect(PAGE_NOT_FOUND_PATH)
}

const orgSchema = z.object({
  orgId: z
    .string({ required_error: FIND_ORGANISATION_MESSAGES.orgIdRequired })
    .trim()
    .toLowerCase()
    .min(1, FIND_ORGANISATION_MESSAGES.orgIdRequired)
    .max(63, FIND_ORGANISATION_MESSAGES.orgIdTooLong),
})

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = orgSchema.safeParse(Object.fromEntries(await request.formData()))
  // Made in English, answered in the page's language.
  const words = (message: string) => translateMessage(context.language, message)
  if (!parsed.success) return data({ error: words(parsed.error.issues[0]?.message ?? FIND_ORGANISATION_MESSAGES.orgIdRequired) }, { status: 400 })
  const tenant = await context.platform.tenants.findByOrgId(parsed.data.orgId)
  if (!tenant) return data({ error: words(FIND_ORGANISATION_MESSAGES.unknownOrg) }, { status: 404 })
  const secure = context.platform.env.isProduction ? '; Secure' : ''
  return redirect('/', {
    headers: { 'Set-Cookie': `${ORG_COOKIE}=${encodeURIComponent(tenant.orgId)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure}` },
  })
}

export default function PlatformHome() {
  const result = useActionData<typeof action>()
  const { t } = useTranslation('auth')
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 p-8">
      <div>
        <h1 className="text-2xl font-semibold">{t('findOrganisation')}</h1>
        <p className="mt-2 text-slate-600">{t('findOrganisationText')}</p>
      </div>
      <Form method="post" className="flex flex-col gap-3">
        <label htmlFor="orgId" className="font-medium">
          {t('organisationId')}
        </label>
        <input
          id="orgId"
          name="orgId"
          autoComplete="organization"
          required
          aria-invalid={result?.error ? true : undefined}
          aria-describedby={result?.error ? 'orgId-error' : undefined}
          className="rounded border border-slate-300 px-3 py-2"
        />
        {result?.error ? (
          <p id="orgId-error" className="text-sm text-red-700">
            {result.error}
          </p>
        ) : null}
        <button type="submit" className="rounded bg-brand px-4 py-2 font-medium text-white">
          {t('continue')}
        </button>
      </Form>
    </main>
  )
}
