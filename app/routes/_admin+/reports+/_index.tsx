import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ChartColumn, FileDown, ReceiptText, type LucideIcon } from 'lucide-react'
import { hasPermission } from '#server/auth/permissions'
import { SALES_REPORT_PATH } from '#server/reports/sales-query'
import { PageHeader } from '#app/components/layout/page-header'
import { TileLink } from '#app/components/ui/tile-link'
import { screenMeta } from '#app/components/layout/page-title'
import { requireStaffArea } from '#app/utils/navigation.server'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'Reports')

type ReportCard = {
  key: 'sales' | 'invoices' | 'contacts-export'
  title: string
  description: string
  path: string
  /** A file rather than a screen: the browser downloads it instead of the app navigating. */
  isFile: boolean
}

const SALES: ReportCard = {
  key: 'sales',
  title: 'Sales',
  description: 'Payments by period, with totals per item type and provider, and a CSV export.',
  path: SALES_REPORT_PATH,
  isFile: false,
}

const INVOICES: ReportCard = {
  key: 'invoices',
  title: 'Invoices',
  description: 'Every invoice with its balance and status; totals for any filter; upcoming membership payments.',
  path: '/invoices',
  isFile: false,
}

const CONTACTS_EXPORT: ReportCard = {
  key: 'contacts-export',
  title: 'Contacts export',
  description: 'Download the contact book as a CSV file.',
  path: '/contacts/export.csv',
  isFile: true,
}

/** /reports: the reports staff can open, each a card that links to it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStaffArea(request, context)
  // The export is contact data, for those who may see contacts (docs/decisions/056): its route
  // guards it with requirePermission; here the same rule only decides whether its card is drawn.
  const showsContacts = hasPermission(tenant.settings.roles, user.role, 'showContacts')
  return { cards: [SALES, INVOICES, ...(showsContacts ? [CONTACTS_EXPORT] : [])] }
}

const ICONS: Record<ReportCard['key'], LucideIcon> = {
  sales: ChartColumn,
  invoices: ReceiptText,
  'contacts-export': FileDown,
}

export default function ReportsRoute() {
  const { cards } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5 p-4 sm:p-6">
      <PageHeader title="Reports" description="Figures and exports for the studio." />
      {/* The look of the settings home's tiles (SettingsTiles), so the two homes read alike. */}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => {
          const Icon = ICONS[card.key]
          return (
            <li key={card.key}>
              <TileLink
                to={card.path}
                icon={Icon}
                title={card.title}
                description={card.description}
                isFile={card.isFile}
                data={{ 'data-report': card.key }}
              />
            </li>
          )
        })}
      </ul>
    </div>
  )
}
