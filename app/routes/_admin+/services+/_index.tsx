import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { screenMeta } from '#app/components/layout/page-title'
import { ItemListScreen } from '#app/components/catalog/item-list-screen'
import { requireModule } from '#app/utils/auth.server'
import { loadItemListScreen, requireItemRole } from '#app/utils/catalog-item-screens.server'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Courses')

const PAYMENT_LABELS: Record<string, string> = { FREE: 'Free', PAID: 'Paid', EXTERNAL: 'External', DONATION: 'Donation' }

/** The studio's courses (spec 002 2.17, Launch: /services). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireItemRole(request, context, 'course')
  requireModule(context, 'courses')
  return loadItemListScreen(access, request, context, 'course')
}

export default function CoursesRoute() {
  const list = useLoaderData<typeof loader>()
  return (
    <ItemListScreen
      {...list}
      description="Courses people enrol in and follow chapter by chapter."
      extraColumn={{ title: 'Payment', cell: (row) => PAYMENT_LABELS[row.paymentType] ?? row.paymentType }}
    />
  )
}
