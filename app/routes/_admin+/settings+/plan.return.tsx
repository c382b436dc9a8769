import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '#app/utils/auth.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { PLAN_MESSAGES } from '#server/plans/plan-catalogue'
import { PLAN_PATH, settleReturnedPlanSession } from '#server/plans/plan-checkout'

/**
 * Where Stripe's hosted page sends the admin back (?session_id=). The session is settled here
 * or by the webhook, whichever comes first; the other finds it settled.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireAdmin(request, context)
  const sessionId = new URL(request.url).searchParams.get('session_id') ?? ''
  const settled = await settleReturnedPlanSession(context.platform, tenant, { sessionId, now: context.platform.clock.now() })
  if (settled === 'paid' || settled === 'already-settled') return redirectWithToast(PLAN_PATH, { type: 'success', message: PLAN_MESSAGES.updated })
  return redirectWithToast(PLAN_PATH, { type: 'error', message: PLAN_MESSAGES.notPaid })
}
