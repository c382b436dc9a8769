import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { MyStore, StaffStoreTable } from '#app/components/catalog/bookings/store-views'
import { MembershipStopDialog, STOP_INTENT } from '#app/components/memberships/membership-billing-panel'
import { PageHeader } from '#app/components/layout/page-header'
import { StaffShell } from '#app/components/layout/staff-shell'
import { StudentShell } from '#app/components/layout/student-shell'
import { ButtonLink } from '#app/components/ui/button'
import { getSessionUser, requireModule } from '#app/utils/auth.server'
import { requireStaffArea, requireStudentArea, signedInShellFor } from '#app/utils/navigation.server'
import { loadMyStore } from '#server/catalog/store/my-store'
import { loadStoreItems } from '#server/catalog/store/store-items'
import { TILL_PATH } from '#server/checkout/till'
import { notFound } from '#server/errors/responses'
import { stopMembership, stopToConfirm } from '#server/memberships/cancel-membership'
import { redirectWithToast } from '#app/utils/toast.server'
import { isStaffRole } from '#server/shell/roles'
import type { I18nHandle } from '#app/utils/i18n'
import { useTranslation } from 'react-i18next'
import { tFor } from '#server/i18n/server-translator'

/** Staff see the Store in the catalog's words; students' shell and My Store use the portal's. */
export const handle: I18nHandle = { i18n: ['portal', 'catalog'] }

/**
 * /store serves two screens (decision 106's pattern): staff see the Store, every item on sale
 * with stock and how many were taken; students see My Store, their memberships and purchases.
 * Both follow the store flag (isShowStoreMenu): off, the address is 404. Visitors get 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context)
  if (user && isStaffRole(user.role) && !user.isPreviewMode && !user.isStudentPreview) {
    const access = await requireStaffArea(request, context)
    requireModule(context, 'store')
    const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'staff' })
    const store = await loadStoreItems(context.platform.database, access.tenant, context.language)
    return data({ kind: 'staff' as const, title: tFor(context.language, 'catalog')('store_title'), shell, store, myStore: null, stopping: null }, { headers })
  }
  const access = await requireStudentArea(request, context)
  if (!access.tenant.settings.isShowStoreMenu) throw notFound()
  const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'student' })
  const myStore = await loadMyStore(context.platform.database, { tenant: access.tenant, contactId: access.user.contactId, now: new Date(), language: context.language })
  const stopping = stopToConfirm(myStore.memberships, new URL(request.url).searchParams, false, context.language)
  return data({ kind: 'student' as const, title: tFor(context.language, 'portal')('nav_store'), shell, store: null, myStore, stopping }, { headers })
}


/** A member cancels a recurring membership at the end of its period, or keeps it after all. */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireStudentArea(request, context)
  requireModule(context, 'store')
  if (!access.tenant.settings.isShowStoreMenu) throw notFound()
  const form = await request.formData()
  if (form.get('intent') !== STOP_INTENT) throw notFound()
  const stop = form.get('stop') === 'keep' ? 'keep' : 'period-end'
  const membership = form.get('membership')
  const stopped = await stopMembership(context.platform, access.tenant, { membershipGuid: typeof membership === 'string' ? membership : '', contactId: access.user.contactId, stop, now: new Date(), giftsOnly: false })
  return redirectWithToast('/store', stopped.ok ? { type: 'success', message: stopped.value.message } : { type: 'error', message: stopped.message })
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.title ?? 'Store' }]

export default function StoreRoute() {
  const loaded = useLoaderData<typeof loader>()
  const { t } = useTranslation('portal')
  const { t: tCatalog } = useTranslation('catalog')
  const { shell, toast, session } = loaded.shell
  if (loaded.kind === 'staff' && loaded.store) {
    return (
      <StaffShell shell={shell} toast={toast} sidebarFolded={loaded.shell.sidebarFolded} session={session}>
        <PageHeader
          title={tCatalog('store_title')}
          description={tCatalog('store_description')}
          actions={
            <ButtonLink to={TILL_PATH} variant="primary">
              {tCatalog('store_sellAtDesk')}
            </ButtonLink>
          }
        />
        <StaffStoreTable store={loaded.store} />
      </StaffShell>
    )
  }
  if (!loaded.myStore) return null
  return (
    <StudentShell shell={shell} toast={toast} session={session}>
      <PageHeader title={t('nav_store')} description={t('myStoreDescription')} />
      <MyStore store={loaded.myStore} />
      {loaded.stopping ? <MembershipStopDialog stopping={loaded.stopping} path="/store" /> : null}
    </StudentShell>
  )
}
