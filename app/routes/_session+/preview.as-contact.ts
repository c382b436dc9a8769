import { parseWithZod } from '@conform-to/zod'
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '#app/utils/auth.server'
import { redirectWithSession, sessionChangeRefusal } from '#app/utils/session.server'
import { requireTenant } from '#app/utils/tenant.server'
import { previewAsContactSchema } from '#server/auth/auth-forms'
import { startPreview } from '#server/auth/preview'
import { err } from '#server/errors/result'

/** Preview as a chosen contact: the staff identity stays on the session, the student's is set. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireAdmin(request, context)
  const submission = parseWithZod(await request.formData(), { schema: previewAsContactSchema })
  if (submission.status !== 'success') throw sessionChangeRefusal(err('not_found'))
  const result = await startPreview(context.platform, {
    tenant: requireTenant(context),
    user,
    kind: 'contact',
    unverifiedContactId: submission.value.contactId,
    ip: context.ip,
  })
  if (!result.ok) throw sessionChangeRefusal(result)
  return redirectWithSession(context, result.value.session, result.value.landing)
}

export const loader = () => redirect('/dashboard')
