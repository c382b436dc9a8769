import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ChartColumn, FileDown, ReceiptText, type LucideIcon } from 'lucide-react'
import { hasPermission } from '#server/auth/permissions'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { SALES_REPORT_PATH } from '#server/reports/sales-query'
import { PageHeader } from '#app/components/layout/page-header'
import { TileLink } from '#app/components/ui/tile-link'
import { screenMeta } from '#app/components/layout/page-title'
import { requireStaffArea } from '#app/utils/navigation.server'
import type { I18nHandle } from '#app/utils/i18n'
import { useBillingWords } from '#app/components/invoices/use-billing-words'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Reports')

export const handle: I18nHandle = { i18n: ['billing'] }

type ReportCard = {
  key: 'sales' | 'invoices' | 'contacts-export'
  title: string
  description: string
  path: string
  /** A file rather than a screen: the browser downloads it instead of the app navigating. */
  isFile: boolean
}

/** The report cards in a language: each card's title and description are 'billing' words. */
function reportCards(language: Language): Record<ReportCard['key'], ReportCard> {
  const t = tFor(language, 'billing')
  return {
    sales: { key: 'sales', title: t('sales'), description: t('reportSalesDescription'), path: SALES_REPORT_PATH, isFile: false },
    invoices: { key: 'invoices', title: t('invoices'), description: t('reportInvoicesDescription'), path: '/invoices', isFile: false },
    'contacts-export': { key: 'contacts-export', title: t('reportContactsExport'), description: t('reportContactsExportDescription'), path: '/contacts/export.csv', isFile: true },
  }
}

/** /reports: the reports staff can open, each a card that links to it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStaffArea(request, context)
  // The export is contact data, for those who may see contacts (docs/decisions/056): its route
  // guards it with requirePermission; here the same rule only decides whether its card is drawn.
  const showsContacts = hasPermission(tenant.settings.roles, user.role, 'showContacts')
  const cards = reportCards(context.language)
  return { title: tFor(context.language, 'billing')('reports'), cards: [cards.sales, cards.invoices, ...(showsContacts ? [cards['contacts-export']] : [])] }
}

const ICONS: Record<ReportCard['key'], LucideIcon> = {
  sales: ChartColumn,
  invoices: ReceiptText,
  'contacts-export': FileDown,
}

export default function ReportsRoute() {
  const { cards } = useLoaderData<typeof loader>()
  const { t } = useBillingWords()
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5 p-4 sm:p-6">
      <PageHeader title={t('reports')} description={t('reportsDescription')} />
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
