import { Form } from '@remix-run/react'
import { useId } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { GUARDIAN_RELATIONS } from '#server/contacts/profile/profile-forms'
import { profilePath } from '#server/contacts/profile/profile-tabs'
import type { ContactSearchItem } from '#server/contacts/search-contacts'
import { ContactPicker } from '#app/components/contacts/contact-picker'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'
import { Button } from '#app/components/ui/button'
import { FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { FormFailure } from './form-failure'
import { useProfileForm } from './use-profile-form'

/** What the chosen contact becomes (guardian or child of this one), and as which relation. */
function LinkChoices({ name }: { name: string }) {
  const { t } = useContactsWords()
  const relationId = useId()
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-6">
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('family_chosenIs')}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="role" value="guardian" defaultChecked className="h-4 w-4 accent-brand" />
          {t('family_aGuardianOf', { name })}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="role" value="child" className="h-4 w-4 accent-brand" />
          {t('family_aChildOf', { name })}
        </label>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={relationId} className="text-sm font-medium text-slate-700">
          {t('family_relation')}
        </label>
        <select id={relationId} name="relation" defaultValue="guardian" className={FIELD_INPUT_CLASSES}>
          {GUARDIAN_RELATIONS.map((relation) => (
            <option key={relation} value={relation}>
              {t(`relation_${relation}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}

/** Without JavaScript: a search that reloads the page, the matches as choices, then Link. */
function FamilySearchForm({ guId, name, search }: { guId: string; name: string; search: { q: string; items: ContactSearchItem[] } }) {
  const { t } = useContactsWords()
  const { failure } = useProfileForm('link-family')
  return (
    <div className="flex flex-col gap-4">
      <FormFailure failure={failure} />
      <Form method="get" action={`/contacts/${guId}/detail`} role="search" preventScrollReset className="flex gap-2">
        <input type="hidden" name="tab" value="family" />
        <label htmlFor="family-q" className="sr-only">
          {t('family_searchContacts')}
        </label>
        <input id="family-q" type="search" name="q" defaultValue={search.q} placeholder={t('pickerPlaceholder')} maxLength={100} className={`min-w-0 flex-1 ${FIELD_INPUT_CLASSES}`} />
        <Button type="submit" variant="secondary">
          {t('search')}
        </Button>
      </Form>
      {search.q ? (
        <Form method="post" action={profilePath(guId, 'family')} preventScrollReset className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="link-family" />
          {search.items.length === 0 ? (
            <p className="text-sm text-slate-600">{t('family_noRecord')}</p>
          ) : (
            <fieldset>
              <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('family_matching')}</legend>
              <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
                {search.items.map((item) => (
                  <li key={item.id}>
                    <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50">
                      <input type="radio" name="otherId" value={item.id} required className="h-4 w-4 accent-brand" />
                      <span>
                        <span className="block text-sm font-medium">{item.label}</span>
                        {item.email ? <span className="block text-xs text-slate-600">{item.email}</span> : null}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          <LinkChoices name={name} />
          <div>
            <Button type="submit" variant="primary" disabled={search.items.length === 0}>
              {t('family_link')}
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  )
}

/**
 * Links another contact as this one's guardian or child: with JavaScript through the contact
 * picker (the contacts autocomplete), without it through a search on this page.
 */
export function FamilyLinkForm({ guId, name, search, linkCount }: { guId: string; name: string; search: { q: string; items: ContactSearchItem[] }; linkCount: number }) {
  const { t } = useContactsWords()
  const hydrated = useHydrated()
  if (!hydrated) return <FamilySearchForm guId={guId} name={name} search={search} />
  return (
    // A new key after each link starts the picker afresh, empty.
    <ContactPicker
      key={linkCount}
      action={profilePath(guId, 'family')}
      prompt={t('family_findToLink')}
      fieldName="otherId"
      submitLabel={t('family_link')}
      excludeIds={[guId]}
      autoFocus={false}
    >
      <input type="hidden" name="intent" value="link-family" />
      <LinkChoices name={name} />
    </ContactPicker>
  )
}
