import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { HandHeart } from 'lucide-react'
import { InvoiceStatusChip } from '#app/components/invoices/invoice-status-chip'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { EmptyState } from '#app/components/ui/empty-state'
import { requireStudentArea } from '#app/utils/navigation.server'
import { loadMyDonations } from '#server/catalog/store/my-donations'

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, 'My Donations')

/** My donation (/mydonation, spec 000's student routes): the student's gifts to the studio's campaigns. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStudentArea(request, context)
  return loadMyDonations(context.platform.database, tenant, user.contactId)
}

export default function MyDonationsRoute() {
  const { donations, givenTexts } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="My Donations" description={givenTexts.length > 0 ? `Thank you: you have given ${givenTexts.join(' and ')}.` : 'Your gifts to the studio’s campaigns.'} />
      {donations.length === 0 ? (
        <EmptyState icon={HandHeart} title="No donations yet">
          When you give to one of the studio’s campaigns, your gift shows here with its receipt.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Your donations">
          {donations.map((donation, index) => (
            <li key={`${donation.invoiceGuid}-${index}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-my-donation={donation.campaign}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{donation.campaign}</p>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {donation.dateText} · <span className="font-medium tabular-nums text-slate-900">{donation.amountText}</span>
                  </p>
                </div>
                <InvoiceStatusChip text={donation.statusText} />
              </div>
              <Link to={`/invoices/${donation.invoiceGuid}/pdf`} className="mt-2 inline-flex min-h-10 items-center text-sm font-medium text-brand-text hover:underline">
                Receipt (invoice {donation.numberText})
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
