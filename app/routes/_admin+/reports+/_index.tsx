import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ChartColumn, FileDown, ReceiptText, type LucideIcon } from 'lucide-react'
import { hasPermission } from '#server/auth/permissions'
import { SALES_REPORT_PATH } from '#server/reports/sales-query'
import { PageHeader } from '#app/components/layout/page-header'
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
              <Link
                to={card.path}
                data-report={card.key}
                // A file is left to the browser: no client navigation, and no prefetch of a whole export.
                reloadDocument={card.isFile}
                download={card.isFile || undefined}
                prefetch={card.isFile ? 'none' : 'intent'}
                className="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text"
              >
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand/10 text-brand">
                  <Icon aria-hidden className="h-6 w-6" />
                </span>
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="font-semibold text-slate-900">{card.title}</span>
                  <span className="text-sm text-slate-600">{card.description}</span>
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
