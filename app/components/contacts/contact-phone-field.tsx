import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react'
import { useState } from 'react'
import { contactPhonePattern } from '#server/contacts/contact-phone'
import type { PhoneRules } from '#server/contacts/contact-form-schema'
import { COUNTRIES } from '#server/shell/dial-codes'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { useContactsWords } from './use-contacts-words'
import { useFormMessages } from './use-form-messages'

/**
 * A contact's phone in the tenant's mask (spec 2.9). With multi-country support a dial code
 * is chosen beside it, and the mask and the browser's check follow the choice.
 */
export function ContactPhoneField({
  label,
  field,
  countryField,
  rules,
}: {
  label: string
  field: FieldMetadata<string | null | undefined | unknown>
  /** The dial code chooser's field; only drawn when the tenant supports several countries. */
  countryField?: FieldMetadata<string | null | undefined | unknown>
  rules: PhoneRules
}) {
  const { t } = useContactsWords()
  const shownMessages = useFormMessages()
  const withCountry = rules.multiCountry && countryField !== undefined
  const initialCode = withCountry && typeof countryField.initialValue === 'string' ? countryField.initialValue : rules.country.code
  const [code, setCode] = useState(initialCode)
  const country = COUNTRIES.find((entry) => entry.code === code) ?? rules.country
  const { key, ...input } = getInputProps(field as FieldMetadata<string>, { type: 'tel' })
  return (
    <Field id={field.id} label={label} errors={shownMessages(field.errors)} hint={t('phoneLike', { mask: country.mask })}>
      {(control) => (
        <div className="flex gap-2">
          {withCountry ? (
            <select
              {...withoutDefault(getSelectProps(countryField as FieldMetadata<string>))}
              aria-label={t('phoneCountryCode', { label })}
              className={`${FIELD_INPUT_CLASSES} w-28 shrink-0`}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            >
              {COUNTRIES.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {`${entry.dialCode} ${entry.code}`}
                </option>
              ))}
            </select>
          ) : null}
          <input
            key={key}
            {...input}
            {...control}
            placeholder={country.mask}
            pattern={contactPhonePattern(country)}
            autoComplete="tel"
            inputMode="tel"
            className={`${FIELD_INPUT_CLASSES} min-w-0 flex-1`}
          />
        </div>
      )}
    </Field>
  )
}

/** The chooser is controlled (the mask follows it), so conform's default value is left out. */
function withoutDefault<T extends { defaultValue?: unknown; key?: unknown }>(props: T): Omit<T, 'defaultValue' | 'key'> {
  const { defaultValue: _default, key: _key, ...rest } = props
  return rest
}
