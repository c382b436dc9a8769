import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { HandHeart } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { InvoiceStatusChip } from '#app/components/invoices/invoice-status-chip'
import { useInvoiceStatusWord } from '#app/components/invoices/use-invoice-status-word'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { EmptyState } from '#app/components/ui/empty-state'
import { requireStudentArea } from '#app/utils/navigation.server'
import { loadMyDonations } from '#server/catalog/store/my-donations'
import { MembershipBillingPanel, MembershipStopDialog, STOP_INTENT } from '#app/components/memberships/membership-billing-panel'
import { redirectWithToast } from '#app/utils/toast.server'
import { notFound } from '#server/errors/responses'
import { stopMembership, stopToConfirm } from '#server/memberships/cancel-membership'
import { tFor } from '#server/i18n/server-translator'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'My Donations')

const PATH = '/mydonation'

/**
 * My donation (/mydonation, spec 000's student routes): the student's gifts to the studio's
 * campaigns, and their gifts on repeat with the next gift, the card and Stop giving.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStudentArea(request, context)
  const page = await loadMyDonations(context.platform.database, tenant, user.contactId, context.language)
  return { title: tFor(context.language, 'portal')('myDonations'), ...page, stopping: stopToConfirm(page.repeating, new URL(request.url).searchParams, false, context.language) }
}

/** A donor stops a gift on repeat at the end of the period given for, or keeps it after all. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, user } = await requireStudentArea(request, context)
  const form = await request.formData()
  if (form.get('intent') !== STOP_INTENT) throw notFound()
  const stop = form.get('stop') === 'keep' ? 'keep' : 'period-end'
  const gift = form.get('membership')
  const stopped = await stopMembership(context.platform, tenant, { membershipGuid: typeof gift === 'string' ? gift : '', contactId: user.contactId, stop, now: new Date(), giftsOnly: true })
  return redirectWithToast(PATH, stopped.ok ? { type: 'success', message: stopped.value.message } : { type: 'error', message: stopped.message })
}

export default function MyDonationsRoute() {
  const { donations, givenTexts, repeating, stopping } = useLoaderData<typeof loader>()
  const { t } = useTranslation('portal')
  const statusWord = useInvoiceStatusWord()
  return (
    <>
      <PageHeader title={t('myDonations')} description={givenTexts.length > 0 ? t('thankYouGiven', { amounts: givenTexts.join(t('amountsAnd')) }) : t('donationsDescription')} />
      {repeating.length > 0 ? (
        <section aria-labelledby="repeating-gifts" className="mb-6">
          <h2 id="repeating-gifts" className="mb-2 text-base font-semibold text-slate-900">
            {t('giftsOnRepeat')}
          </h2>
          <ul className="flex flex-col gap-3">
            {repeating.map((gift) => (
              <li key={gift.billing?.guid ?? gift.campaign} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-repeating-gift={gift.campaign}>
                <p className="font-semibold text-slate-900">{gift.campaign}</p>
                <p className="mt-0.5 text-sm text-slate-600">
                  {gift.name} · <span className="font-medium tabular-nums text-slate-900">{gift.amountText}</span>
                </p>
                {gift.billing ? <MembershipBillingPanel billing={gift.billing} name={gift.name} path={PATH} actor="member" noun="gift" /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {stopping ? <MembershipStopDialog stopping={stopping} path={PATH} noun="gift" /> : null}
      {donations.length === 0 ? (
        <EmptyState icon={HandHeart} title={t('noDonations')}>
          {t('noDonationsText')}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('yourDonations')}>
          {donations.map((donation, index) => (
            <li key={`${donation.invoiceGuid}-${index}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-my-donation={donation.campaign}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{donation.campaign}</p>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {donation.dateText} · <span className="font-medium tabular-nums text-slate-900">{donation.amountText}</span>
                  </p>
                </div>
                <InvoiceStatusChip text={statusWord(donation.statusText)} word={donation.statusText} />
              </div>
              <Link to={`/invoices/${donation.invoiceGuid}/pdf`} className="mt-2 inline-flex min-h-10 items-center text-sm font-medium text-brand-text hover:underline">
                {t('receipt', { number: donation.numberText })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
