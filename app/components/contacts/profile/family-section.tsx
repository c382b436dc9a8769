import { Link } from '@remix-run/react'
import { Siren, Unlink, Users } from 'lucide-react'
import type { FamilyMember, FamilyView } from '#server/contacts/profile/load-contact-family'
import { profilePath } from '#server/contacts/profile/profile-tabs'
import type { ContactSearchItem } from '#server/contacts/search-contacts'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'
import { FamilyLinkForm } from './family-link-form'
import { FormFailure } from './form-failure'
import { StatusChip } from './status-chip'
import { useProfileForm } from './use-profile-form'

function MemberName({ member }: { member: FamilyMember }) {
  return (
    <span className="min-w-0">
      <Link to={profilePath(member.guId, 'family')} className="font-medium break-words text-brand-text hover:underline">
        {member.name}
      </Link>
      {member.email ? <span className="block truncate text-xs text-slate-600">{member.email}</span> : null}
    </span>
  )
}

function UnlinkButton({ guId, guardianId, childId, name }: { guId: string; guardianId: string; childId: string; name: string }) {
  const { t } = useContactsWords()
  const { fetcher, failure, busy, onSubmit } = useProfileForm('unlink-family', { pageFailure: false })
  return (
    <fetcher.Form onSubmit={onSubmit} method="post" action={profilePath(guId, 'family')} preventScrollReset className="flex flex-col items-start gap-1">
      <input type="hidden" name="intent" value="unlink-family" />
      <input type="hidden" name="guardianId" value={guardianId} />
      <input type="hidden" name="childId" value={childId} />
      <Button type="submit" size="sm" variant="secondary" busy={busy} aria-label={t('family_unlinkNamed', { name })}>
        <Unlink aria-hidden className="h-3.5 w-3.5" />
        {t('family_unlink')}
      </Button>
      <FormFailure failure={failure} />
    </fetcher.Form>
  )
}

function EmergencyButton({ guId, guardianId, name }: { guId: string; guardianId: string; name: string }) {
  const { t } = useContactsWords()
  const { fetcher, failure, busy, onSubmit } = useProfileForm('set-emergency', { pageFailure: false })
  return (
    <fetcher.Form onSubmit={onSubmit} method="post" action={profilePath(guId, 'family')} preventScrollReset className="flex flex-col items-start gap-1">
      <input type="hidden" name="intent" value="set-emergency" />
      <input type="hidden" name="guardianId" value={guardianId} />
      <Button type="submit" size="sm" variant="secondary" busy={busy} aria-label={t('family_makeEmergencyNamed', { name })}>
        {t('family_makeEmergency')}
      </Button>
      <FormFailure failure={failure} />
    </fetcher.Form>
  )
}

// The cards stand three abreast on a wide screen: a person's buttons go under their name, never squeezing it.
const ROW = 'flex flex-col gap-2 py-3 first:pt-0 last:pb-0'

/**
 * The contact's family: guardians (one is the emergency contact), children and siblings (the
 * other children of the same guardians), and the form that links another contact.
 */
export function FamilySection({ guId, name, family, search }: { guId: string; name: string; family: FamilyView; search: { q: string; items: ContactSearchItem[] } }) {
  const { t } = useContactsWords()
  const unlink = useProfileForm('unlink-family')
  const emergency = useProfileForm('set-emergency')
  const nobody = family.guardians.length + family.children.length + family.siblings.length === 0
  return (
    <div className="flex flex-col gap-5">
      {/* Without JavaScript a refused unlink or switch comes back to the page, not to one button. */}
      <FormFailure failure={unlink.failure ?? emergency.failure} />
      {nobody ? (
        <p className="flex items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-5 py-4 text-sm text-slate-600">
          <Users aria-hidden className="h-4 w-4 shrink-0" />
          {t('family_none')}
        </p>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-3">
        <Card title={t('family_guardians')}>
          {family.guardians.length === 0 ? (
            <p className="text-sm text-slate-600">{t('family_noGuardians')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {family.guardians.map((guardian) => (
                <li key={guardian.guId} className={ROW}>
                  <span className="flex min-w-0 flex-col gap-1">
                    <MemberName member={guardian} />
                    <span className="flex flex-wrap gap-1">
                      <StatusChip>{t(`relation_${guardian.relation}`)}</StatusChip>
                      {guardian.isEmergencyContact ? (
                        <StatusChip tone="warning">
                          <Siren aria-hidden className="h-3 w-3" />
                          {t('family_emergencyContact')}
                        </StatusChip>
                      ) : null}
                    </span>
                  </span>
                  <span className="flex flex-wrap gap-2">
                    {guardian.isEmergencyContact ? null : <EmergencyButton guId={guId} guardianId={guardian.guId} name={guardian.name} />}
                    <UnlinkButton guId={guId} guardianId={guardian.guId} childId={guId} name={guardian.name} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t('family_children')}>
          {family.children.length === 0 ? (
            <p className="text-sm text-slate-600">{t('family_noChildren')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {family.children.map((child) => (
                <li key={child.guId} className={ROW}>
                  <span className="flex min-w-0 flex-col gap-1">
                    <MemberName member={child} />
                    <span className="flex flex-wrap gap-1">
                      <StatusChip>{t('family_relationOf', { name, relation: t(`relationLower_${child.relation}`) })}</StatusChip>
                      {child.isEmergencyContact ? <StatusChip tone="warning">{t('family_theirEmergencyContact')}</StatusChip> : null}
                    </span>
                  </span>
                  <UnlinkButton guId={guId} guardianId={guId} childId={child.guId} name={child.name} />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t('family_siblings')}>
          {family.siblings.length === 0 ? (
            <p className="text-sm text-slate-600">{t('family_noSiblings')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {family.siblings.map((sibling) => (
                <li key={sibling.guId} className={ROW}>
                  <MemberName member={sibling} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <Card title={t('family_linkMember')}>
        <FamilyLinkForm guId={guId} name={name} search={search} linkCount={family.guardians.length + family.children.length} />
      </Card>
    </div>
  )
}
