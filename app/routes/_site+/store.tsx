import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { MyStore, StaffStoreTable } from '#app/components/catalog/bookings/store-views'
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
import { isStaffRole } from '#server/shell/roles'

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
    const store = await loadStoreItems(context.platform.database, access.tenant)
    return data({ kind: 'staff' as const, shell, store, myStore: null }, { headers })
  }
  const access = await requireStudentArea(request, context)
  if (!access.tenant.settings.isShowStoreMenu) throw notFound()
  const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'student' })
  const myStore = await loadMyStore(context.platform.database, { tenant: access.tenant, contactId: access.user.contactId, now: new Date() })
  return data({ kind: 'student' as const, shell, store: null, myStore }, { headers })
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.kind === 'student' ? 'My Store' : 'Store' }]

export default function StoreRoute() {
  const loaded = useLoaderData<typeof loader>()
  const { shell, toast, session } = loaded.shell
  if (loaded.kind === 'staff' && loaded.store) {
    return (
      <StaffShell shell={shell} toast={toast} sidebarFolded={loaded.shell.sidebarFolded} session={session}>
        <PageHeader
          title="Store"
          description="Everything on sale, with stock and how many have been taken."
          actions={
            <ButtonLink to={TILL_PATH} variant="primary">
              Sell at the desk
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
      <PageHeader title="My Store" description="Your memberships, credits and purchases." />
      <MyStore store={loaded.myStore} />
    </StudentShell>
  )
}
