import type { ItemFormValues } from '#server/catalog/items/item-form'
import { EVENT_ADDRESS_FIELDS } from '#server/catalog/items/event-form'
import { CheckboxInput, TextInput } from './item-form-fields'

type Props = { values: ItemFormValues; errors: Record<string, readonly string[]>; timeZone: string; isAddressNeededForEvent: boolean }

/**
 * An event's own fields: when it runs (in the studio's zone), seats, when registration closes,
 * featured, and where: the address shows, and is required, when the tenant asks for one.
 */
export function EventFields({ values, errors, timeZone, isAddressNeededForEvent }: Props) {
  const f = values.fields
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput name="startsAt" label="Starts" hint={`In the studio's time zone (${timeZone}).`} value={f.startsAt ?? ''} errors={errors} type="datetime-local" required />
        <TextInput name="endsAt" label="Ends" value={f.endsAt ?? ''} errors={errors} type="datetime-local" required />
        <TextInput name="capacity" label="Capacity" hint="Seats on sale; empty for no limit." value={f.capacity ?? ''} errors={errors} type="number" min={1} step={1} inputMode="numeric" />
        <TextInput name="registrationClosesAt" label="Registration closes" hint="Before the start; empty closes at the start." value={f.registrationClosesAt ?? ''} errors={errors} type="datetime-local" />
        <div className="sm:col-span-2">
          <CheckboxInput name="isFeatured" label="Featured" hint="Shown first on the website's events page." checked={f.isFeatured === 'on'} errors={errors} />
        </div>
      </div>
      {isAddressNeededForEvent ? (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Address</legend>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <TextInput name="venueName" label="Venue" value={f.venueName ?? ''} errors={errors} autoComplete="off" />
            {EVENT_ADDRESS_FIELDS.map(([name, label, max, required]) => (
              <TextInput key={name} name={name} label={label} value={f[name] ?? ''} errors={errors} required={required} maxLength={max} autoComplete="off" />
            ))}
          </div>
        </fieldset>
      ) : (
        <TextInput name="venueName" label="Venue" value={f.venueName ?? ''} errors={errors} autoComplete="off" />
      )}
    </div>
  )
}
