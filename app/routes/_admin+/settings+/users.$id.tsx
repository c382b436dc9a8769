import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import type { Language } from '#server/i18n/languages'
import { roleLandingPath } from '#server/shell/landing-path'
import { ROLE_ADMIN } from '#server/shell/roles'
import { getUserDetail } from '#server/users/get-user-detail'
import { updateUser, USER_UPDATED_MESSAGE } from '#server/users/update-user'
import { userSettingsSchema } from '#server/users/user-settings-schema'
import { UserSettingsForm } from '#app/components/users/user-settings-form'
import { UsersSidebar } from '#app/components/users/users-sidebar'
import { requireAdmin } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'

/** A refused form's messages (made in English by the schema) in the page's language. */
function messagesIn(language: Language, errors: Record<string, string[] | null>): Record<string, string[] | null> {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages?.map((message) => translateMessage(language, message)) ?? null]))
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const page = await getUserDetail({ database: context.platform.database, tenant, unverifiedGuid: params.id })
  if (!page) throw notFound(tFor(context.language, 'settings')('userNotFound'))
  return { ...page, title: tFor(context.language, 'settings')('userPageTitle', { name: page.user.name }) }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user: actor } = await requireAdmin(request, context)
  const tenant = requireTenant(context)
  // A body that is not a form at all is treated as an empty form: messages, not a 500.
  const formData = await request.formData().catch(() => new FormData())
  const submission = parseWithZod(formData, { schema: userSettingsSchema })
  if (submission.status !== 'success') {
    // Another tenant's (or no) user is a 404 even when the form is also wrong.
    const exists = await getUserDetail({ database: context.platform.database, tenant, unverifiedGuid: params.id })
    if (!exists) throw notFound(tFor(context.language, 'settings')('userNotFound'))
    const reply = submission.reply()
    return data({ ...reply, error: reply.error ? messagesIn(context.language, reply.error) : reply.error }, { status: 400 })
  }
  const result = await updateUser({
    platform: context.platform,
    tenant,
    actorContactId: actor.contactId,
    unverifiedGuid: params.id,
    input: submission.value,
    ip: context.ip || null,
  })
  if (!result.ok) {
    if (result.error === 'not_found') throw notFound(tFor(context.language, 'settings')('userNotFound'))
    return data(submission.reply({ formErrors: result.message ? [translateMessage(context.language, result.message)] : [] }), { status: 400 })
  }
  // An admin who just gave up their own admin role can no longer open settings.
  const stillAdmin = result.value.guid !== actor.guid || submission.value.role === ROLE_ADMIN
  const next = stillAdmin ? `/settings/users/${result.value.guid}` : roleLandingPath(submission.value.role, tenant.settings)
  return redirectWithToast(next, { type: 'success', message: USER_UPDATED_MESSAGE })
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page ? page.title : 'User not found' }]

export const handle: I18nHandle = { i18n: ['settings'] }

export default function UserDetailRoute() {
  const { user, users } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>() ?? null
  const { t } = useTranslation('settings')
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-4 sm:p-6">
      <header className="flex items-center gap-3">
        <Link to="/settings/users" className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={t('backToUsers')}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold">{user.name}</h1>
          {user.email ? <p className="truncate text-slate-600">{user.email}</p> : null}
        </div>
      </header>
      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <UsersSidebar users={users} currentGuid={user.guid} />
        <UserSettingsForm key={user.guid} user={user} lastResult={lastResult} />
      </div>
    </div>
  )
}
