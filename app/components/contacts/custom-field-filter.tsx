import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { customFieldFilterKind, yesNoValue, YES_NO_CHOICES } from '#server/contacts/custom-field-filter'
import type { ContactListOptions } from '#server/contacts/list-contacts'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { useContactsWords } from './use-contacts-words'

type FilterField = ContactListOptions['customFields'][number]

const FIELD_ID = 'contacts-custom-field'
const VALUE_ID = 'contacts-custom-field-value'

/**
 * The custom field filter: which of the studio's fields (`cf`) and the value looked for (`cfv`).
 * Without JavaScript the value is typed (a tick box takes yes or no, a list one of its options,
 * suggested from the field chosen last); with it, a list's options and a tick box's Yes and No
 * are offered in a select as soon as the field is chosen.
 */
export function CustomFieldFilter({
  fields,
  chosen,
  value,
  problem,
  onTyped,
}: {
  fields: FilterField[]
  /** The guId of the field in the URL, when it is one of the studio's. */
  chosen: string
  value: string
  /** Why the value is not applied, shown under it. */
  problem: string | null
  /** Typing in the value waits for a pause before applying, as the search does. */
  onTyped: (form: HTMLFormElement) => void
}) {
  const { t } = useContactsWords()
  const hydrated = useHydrated()
  const [fieldGuId, setFieldGuId] = useState(chosen)
  const field = fields.find((candidate) => candidate.guId === fieldGuId) ?? null
  const kind = field ? customFieldFilterKind(field.type) : null
  // A new field asks for a new value: what was typed for the last one rarely fits.
  const shownValue = fieldGuId === chosen ? value : ''
  const choices =
    kind === 'choice' && field ? field.options.map((option) => ({ value: option, label: option })) : kind === 'yesNo' ? YES_NO_CHOICES.map((choice) => ({ value: choice.value, label: t(choice.value) })) : null
  const hint = hydrated && choices ? null : typingHint(field, kind, t)
  return (
    <>
      <Field id={FIELD_ID} label={t('customField')}>
        {(control) => (
          <select {...control} name="cf" defaultValue={chosen} onChange={(event) => setFieldGuId(event.currentTarget.value)} className={FIELD_INPUT_CLASSES}>
            <option value="">{t('anyCustomField')}</option>
            {fields.map((candidate) => (
              <option key={candidate.guId} value={candidate.guId}>
                {candidate.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={VALUE_ID} label={t('customFieldValue')} hint={hint} errors={problem ? [problem] : null}>
        {(control) =>
          hydrated && choices ? (
            <select {...control} key={fieldGuId} name="cfv" defaultValue={kind === 'yesNo' ? (yesNoValue(shownValue) ?? '') : shownValue} className={FIELD_INPUT_CLASSES}>
              <option value="">{t('anyValue')}</option>
              {choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          ) : (
            <>
              <input
                {...control}
                key={fieldGuId}
                type="text"
                name="cfv"
                defaultValue={shownValue}
                maxLength={100}
                inputMode={kind === 'number' ? 'decimal' : undefined}
                list={choices ? `${VALUE_ID}-choices` : undefined}
                autoComplete="off"
                className={FIELD_INPUT_CLASSES}
                onChange={(event) => {
                  const form = event.currentTarget.form
                  if (form) onTyped(form)
                }}
              />
              {choices ? (
                <datalist id={`${VALUE_ID}-choices`}>
                  {choices.map((choice) => (
                    <option key={choice.value} value={choice.label} />
                  ))}
                </datalist>
              ) : null}
            </>
          )
        }
      </Field>
    </>
  )
}

/** What to type, for a form that cannot switch the value to a select. */
function typingHint(field: FilterField | null, kind: ReturnType<typeof customFieldFilterKind> | null, t: ReturnType<typeof useContactsWords>['t']): string {
  if (!field) return t('hintChooseField')
  if (kind === 'yesNo') return t('hintYesNo')
  if (kind === 'choice') return field.options.length > 0 ? t('hintOneOf', { options: field.options.join(', ') }) : t('hintAnOption')
  if (kind === 'number') return t('hintNumber')
  return t('hintText')
}
