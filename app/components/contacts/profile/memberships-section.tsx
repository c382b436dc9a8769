import { Ticket } from 'lucide-react'
import { MembershipBillingPanel, MembershipStopDialog } from '#app/components/memberships/membership-billing-panel'
import type { MembershipStopping } from '#server/memberships/cancel-membership'
import { Card } from '#app/components/ui/card'
import { EmptyState } from '#app/components/ui/empty-state'
import type { MyMembership } from '#server/catalog/store/my-store'
import { profilePath } from '#server/contacts/profile/profile-tabs'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'

/**
 * The contact's memberships as staff see them: status, credits and validity, and for a
 * recurring one its next payment, card and unpaid invoice, with Cancel at period end, Cancel
 * now and Keep (each confirmation at its own address, so it works without JavaScript).
 */
export function MembershipsSection({ guId, memberships, stopping }: { guId: string; memberships: MyMembership[]; stopping: MembershipStopping | null }) {
  const { t } = useContactsWords()
  const path = profilePath(guId, 'memberships')
  return (
    <Card title={t('memberships_title')}>
      {memberships.length === 0 ? (
        <EmptyState icon={Ticket} title={t('memberships_none')}>
          {t('memberships_noneText')}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {memberships.map((membership) => (
            <li key={membership.id} className="rounded-lg border border-slate-200 p-4" data-held-membership={membership.name}>
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="break-words text-sm font-semibold text-slate-900">{membership.name}</h3>
                  <p className="text-xs text-slate-600">
                    {t('memberships_since', { type: membership.typeText, date: membership.purchasedText })}
                  </p>
                </div>
                <span className={`shrink-0 rounded px-2 py-0.5 text-xs font-semibold ${membership.isLive ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>{membership.statusText}</span>
              </div>
              <p className="mt-2 text-sm text-slate-700">
                {membership.creditsText ? `${membership.creditsText} · ` : ''}
                {membership.validityText}
              </p>
              {membership.billing ? <MembershipBillingPanel billing={membership.billing} name={membership.name} path={path} actor="staff" /> : null}
            </li>
          ))}
        </ul>
      )}
      {stopping ? <MembershipStopDialog stopping={stopping} path={path} /> : null}
    </Card>
  )
}
