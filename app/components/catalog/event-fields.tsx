import { useTranslation } from 'react-i18next'
import type { ItemFormValues } from '#server/catalog/items/item-form'
import { EVENT_ADDRESS_FIELDS } from '#server/catalog/items/event-form'
import { CheckboxInput, TextInput } from './item-form-fields'

type Props = { values: ItemFormValues; errors: Record<string, readonly string[]>; timeZone: string; isAddressNeededForEvent: boolean }

/**
 * An event's own fields: when it runs (in the studio's zone), seats, when registration closes,
 * featured, and where: the address shows, and is required, when the tenant asks for one.
 */
export function EventFields({ values, errors, timeZone, isAddressNeededForEvent }: Props) {
  const { t } = useTranslation('catalog')
  const f = values.fields
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput name="startsAt" label={t('starts')} hint={t('startsHint', { timeZone })} value={f.startsAt ?? ''} errors={errors} type="datetime-local" required />
        <TextInput name="endsAt" label={t('ends')} value={f.endsAt ?? ''} errors={errors} type="datetime-local" required />
        <TextInput name="capacity" label={t('capacity')} hint={t('capacityHint')} value={f.capacity ?? ''} errors={errors} type="number" min={1} step={1} inputMode="numeric" />
        <TextInput name="registrationClosesAt" label={t('registrationCloses')} hint={t('registrationClosesHint')} value={f.registrationClosesAt ?? ''} errors={errors} type="datetime-local" />
        <div className="sm:col-span-2">
          <CheckboxInput name="isFeatured" label={t('featured')} hint={t('featuredHint')} checked={f.isFeatured === 'on'} errors={errors} />
        </div>
      </div>
      {isAddressNeededForEvent ? (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">{t('address')}</legend>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <TextInput name="venueName" label={t('venue')} value={f.venueName ?? ''} errors={errors} autoComplete="off" />
            {EVENT_ADDRESS_FIELDS.map(([name, , max, required]) => (
              <TextInput key={name} name={name} label={t(`address_${name}`)} value={f[name] ?? ''} errors={errors} required={required} maxLength={max} autoComplete="off" />
            ))}
          </div>
        </fieldset>
      ) : (
        <TextInput name="venueName" label={t('venue')} value={f.venueName ?? ''} errors={errors} autoComplete="off" />
      )}
    </div>
  )
}
