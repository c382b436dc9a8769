import { useTranslation } from 'react-i18next'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { errorsOf, valueOf, valuesOf, type PostedForm } from './form-state'

/** ISO weekdays, Monday first, as the form posts them. */
const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const

export type RuleValues = { recurrence: string; startDate: string; startTime: string; weekdays: string[]; ends: string; untilDate: string; weeks: string }

export const EMPTY_RULE: RuleValues = { recurrence: 'weekly', startDate: '', startTime: '', weekdays: [], ends: 'weeks', untilDate: '', weeks: '12' }

/**
 * The fields of one schedule rule: weekly on chosen days at a time from a date until a date or
 * for N weeks, or a one-off session. Plain inputs, so the form posts without JavaScript; the
 * weekly-only fields say so in their legend rather than hiding.
 */
export function ClassRuleFields({ idPrefix, stored, posted, timeZone }: { idPrefix: string; stored: RuleValues; posted: PostedForm | null; timeZone: string }) {
  const { t } = useTranslation('catalog')
  const id = (name: string) => `${idPrefix}-${name}`
  const recurrence = valueOf(posted, 'recurrence', stored.recurrence)
  const ends = valueOf(posted, 'ends', stored.ends)
  const weekdays = valuesOf(posted, 'weekdays', stored.weekdays)
  const weekdayErrors = errorsOf(posted, 'weekdays')
  const endsErrors = errorsOf(posted, 'ends')
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('repeats')}</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="recurrence" value="weekly" defaultChecked={recurrence !== 'once'} className="h-4 w-4" /> {t('weekly')}
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="recurrence" value="once" defaultChecked={recurrence === 'once'} className="h-4 w-4" /> {t('oneOffSession')}
          </label>
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('startDate')} label={t('startDate')} hint={t('startDateHint')} errors={errorsOf(posted, 'startDate')} required>
          {(control) => <input {...control} type="date" name="startDate" defaultValue={valueOf(posted, 'startDate', stored.startDate)} className={FIELD_INPUT_CLASSES} />}
        </Field>
        <Field id={id('startTime')} label={t('startTime')} hint={t('startTimeHint', { timeZone })} errors={errorsOf(posted, 'startTime')} required>
          {(control) => <input {...control} type="time" name="startTime" defaultValue={valueOf(posted, 'startTime', stored.startTime)} className={FIELD_INPUT_CLASSES} />}
        </Field>
      </div>
      <fieldset aria-describedby={weekdayErrors ? id('weekdays-error') : undefined} className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('daysOfWeek')}</legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS.map((day) => (
            <label key={day} className="inline-flex cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/10">
              <input type="checkbox" name="weekdays" value={day} defaultChecked={weekdays.includes(day)} aria-label={t(`weekdayLong_${day}`)} className="h-4 w-4" />
              <span aria-hidden>{t(`weekdayShort_${day}`)}</span>
            </label>
          ))}
        </div>
        {weekdayErrors ? (
          <p id={id('weekdays-error')} className="text-sm text-red-700">
            {weekdayErrors.join(' ')}
          </p>
        ) : null}
      </fieldset>
      <fieldset aria-describedby={endsErrors ? id('ends-error') : undefined} className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('endsWeekly')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="radio" name="ends" value="weeks" defaultChecked={ends !== 'until'} className="h-4 w-4" /> {t('afterWeeks')}
            </label>
            <Field id={id('weeks')} label={t('numberOfWeeks')} errors={errorsOf(posted, 'weeks')}>
              {(control) => <input {...control} type="number" inputMode="numeric" min={1} max={104} name="weeks" defaultValue={valueOf(posted, 'weeks', stored.weeks)} className={FIELD_INPUT_CLASSES} />}
            </Field>
          </div>
          <div className="flex flex-col gap-2">
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="radio" name="ends" value="until" defaultChecked={ends === 'until'} className="h-4 w-4" /> {t('onADate')}
            </label>
            <Field id={id('untilDate')} label={t('endDate')} errors={errorsOf(posted, 'untilDate')}>
              {(control) => <input {...control} type="date" name="untilDate" defaultValue={valueOf(posted, 'untilDate', stored.untilDate)} className={FIELD_INPUT_CLASSES} />}
            </Field>
          </div>
        </div>
        {endsErrors ? (
          <p id={id('ends-error')} className="text-sm text-red-700">
            {endsErrors.join(' ')}
          </p>
        ) : null}
      </fieldset>
    </div>
  )
}
