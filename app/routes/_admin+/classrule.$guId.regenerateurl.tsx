import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireModule, requirePermission, requireStaff, type GuardAccess } from '#app/utils/auth.server'
import { requireItemRole } from '#app/utils/catalog-item-screens.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { MEETING_LINK_REFUSALS } from '#server/catalog/classes/class-toasts'
import { notFound } from '#server/errors/responses'
import { findMeetingItem, regenerateMeetingLink, type MeetingItem } from '#server/meetings/meeting-links'
import { MEETING_MESSAGES, parseMeetingProvider } from '#server/meetings/meeting-providers'

/** Where the item's edit screen is. */
const screenOf = (item: MeetingItem) => (item.kind === 'class' ? `/schedule/${item.guid}` : `/rules/${item.guid}`)

/** The class or event of this tenant, with the guard its edit screen has; another tenant's is a 404. */
async function guardedItem(request: Request, context: LoaderFunctionArgs['context'], unverifiedGuid: string | undefined): Promise<{ access: GuardAccess; item: MeetingItem }> {
  const staff = await requireStaff(request, context)
  const item = await findMeetingItem(context.platform, staff.tenant.id, unverifiedGuid)
  if (!item) throw notFound()
  if (item.kind === 'class') {
    const access = await requirePermission(request, context, 'manageClasses')
    requireModule(context, 'schedule')
    return { access, item }
  }
  const access = await requireItemRole(request, context, 'event')
  requireModule(context, 'events')
  return { access, item }
}

/** Reached by GET (a reload after posting), it leads back to the class or event. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { item } = await guardedItem(request, context, params.guId)
  return redirect(screenOf(item))
}

/**
 * POST /classrule/{guId}/regenerateurl (spec: PUT /snode/classrule/{id}/regenerateurl): a new
 * meeting link for the class or event, back on its screen with a message. Without a connected
 * provider it says so and writes nothing.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { access, item } = await guardedItem(request, context, params.guId)
  const form = await request.formData().catch(() => new FormData())
  const provider = form.has('provider') ? parseMeetingProvider(form.get('provider')) : null
  if (form.has('provider') && !provider) return redirectWithToast(screenOf(item), { type: 'error', message: MEETING_LINK_REFUSALS.chooseProvider })
  const done = await regenerateMeetingLink(context.platform, access.tenant.id, { item, provider, actorContactId: access.user.contactId, now: context.platform.clock.now() })
  if (!done.ok) return redirectWithToast(screenOf(item), { type: 'error', message: done.message })
  return redirectWithToast(screenOf(item), { type: 'success', message: done.value.replaced ? MEETING_MESSAGES.regenerated : MEETING_MESSAGES.generated })
}
