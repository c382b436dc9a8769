import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, FIELD_INPUT_CLASSES, RequiredMark } from '#app/components/ui/field'
import type { FormInput } from '#server/forms/form-inputs'

/**
 * One custom field as a plain control, drawn by its kind as the registration forms draw it
 * (checked on the server): a contact's edit page and the checkout's questions use it.
 * `resetKey` remounts the control when a form library resets its value; `markRequired` marks
 * and requires a mandatory field in the browser too (the server checks it either way).
 */
export function CustomInputControl({
  input,
  id,
  initial,
  errors,
  resetKey,
  markRequired = false,
}: {
  input: FormInput
  id: string
  initial: string
  errors: string[] | null | undefined
  resetKey?: string
  markRequired?: boolean
}) {
  const { t } = useTranslation('common')
  const required = markRequired && input.required
  const hint: ReactNode = input.help || undefined
  const common = { name: input.key, 'aria-invalid': errors?.length ? true : undefined }
  switch (input.kind) {
    case 'checkbox':
      return (
        <div className="flex flex-col gap-1">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input key={resetKey} type="checkbox" {...common} id={id} required={required || undefined} defaultChecked={initial === 'on'} className="h-4 w-4 accent-brand" aria-describedby={errors?.length ? `${id}-error` : undefined} />
            {input.label}
            {required ? <RequiredMark /> : null}
          </label>
          {errors?.length ? <p id={`${id}-error`} className="text-sm text-red-700">{errors.join(' ')}</p> : null}
        </div>
      )
    case 'radio':
      return (
        <fieldset className="flex flex-col gap-1.5" aria-describedby={errors?.length ? `${id}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-700">{input.label}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input key={`${resetKey ?? id}-none`} type="radio" {...common} value="" defaultChecked={initial === ''} className="h-4 w-4 accent-brand" />
              {t('notGiven')}
            </label>
            {input.options.map((option) => (
              <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
                <input key={resetKey} type="radio" {...common} value={option} defaultChecked={initial === option} className="h-4 w-4 accent-brand" />
                {option}
              </label>
            ))}
          </div>
          {errors?.length ? <p id={`${id}-error`} className="text-sm text-red-700">{errors.join(' ')}</p> : null}
        </fieldset>
      )
    case 'dropdown':
      return (
        <Field id={id} label={input.label} errors={errors} hint={hint} required={required}>
          {(control) => (
            <select key={resetKey} {...control} name={input.key} defaultValue={initial} className={FIELD_INPUT_CLASSES}>
              <option value="">{t('notGiven')}</option>
              {input.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </Field>
      )
    case 'textarea':
      return (
        <Field id={id} label={input.label} errors={errors} hint={hint} required={required} className="sm:col-span-2">
          {(control) => <textarea key={resetKey} {...control} name={input.key} defaultValue={initial} maxLength={input.maxLength} placeholder={input.placeholder || undefined} rows={3} className={FIELD_INPUT_CLASSES} />}
        </Field>
      )
    default: {
      const type = input.kind === 'email' ? 'email' : input.kind === 'phone' ? 'tel' : 'text'
      return (
        <Field id={id} label={input.label} errors={errors} hint={hint} required={required}>
          {(control) => (
            <input
              key={resetKey}
              {...control}
              type={type}
              inputMode={input.kind === 'number' ? 'decimal' : undefined}
              name={input.key}
              defaultValue={initial}
              maxLength={input.maxLength}
              placeholder={input.placeholder || undefined}
              className={FIELD_INPUT_CLASSES}
            />
          )}
        </Field>
      )
    }
  }
}
