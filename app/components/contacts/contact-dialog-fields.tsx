import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { contactFormSchema, type ContactFormOptions } from '#server/contacts/contact-form-schema'
import { ContactPhoneField } from '#app/components/contacts/contact-phone-field'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { useContactsWords } from './use-contacts-words'
import { useFormMessages } from './use-form-messages'

export type ContactDialogFormProps = ReturnType<typeof getFormProps> & { className: string; onInput: (event: FormEvent<HTMLFormElement>) => void }

/** What Cancel does: a link back (a page of its own) or closing the modal. */
export type ContactDialogCancel = { href: string } | { onCancel: () => void }

/**
 * The Create / Edit Contact dialog's fields (spec 2.9): first and last name and email
 * (required), the GRN number when the organisation supports GRN, the phone in the tenant's mask,
 * and 'Waiver Form Signed' and 'Subscribe to Mailing List'. `render` wraps them in the form that
 * posts them (a page's plain form or a fetcher's), so one set of fields serves every opening.
 */
export function ContactDialogFields({
  formId,
  options,
  defaultValue,
  cancel,
  lastResult,
  busy,
  render,
}: {
  formId: string
  options: ContactFormOptions
  /** The values the form starts with, as it posts them ('on' for a ticked box). */
  defaultValue: Record<string, string>
  cancel: ContactDialogCancel
  lastResult: SubmissionResult<string[]> | null
  busy: boolean
  render: (formProps: ContactDialogFormProps, children: ReactNode) => ReactNode
}) {
  const { t } = useContactsWords()
  const shownMessages = useFormMessages()
  const schema = useMemo(() => contactFormSchema(options), [options])
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  // "Submit disabled while invalid": judged by the browser's own constraint check, and only
  // once JavaScript runs; without it the server's messages do the job.
  const hydrated = useHydrated()
  const [complete, setComplete] = useState(false)
  useEffect(() => {
    const element = document.getElementById(form.id)
    if (element instanceof HTMLFormElement) setComplete(element.checkValidity())
  }, [form.id])
  const formProps: ContactDialogFormProps = {
    ...getFormProps(form),
    className: 'flex flex-col gap-4',
    onInput: (event) => setComplete(event.currentTarget.checkValidity()),
  }

  return render(
    formProps,
    <>
      {form.errors?.length ? (
        <div id={form.errorId} role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {shownMessages(form.errors)?.join(' ')}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('firstName')} field={fields.firstName} autoComplete="given-name" />
        <TextField label={t('lastName')} field={fields.lastName} autoComplete="family-name" />
      </div>
      <TextField label={t('email')} field={fields.email} type="email" autoComplete="email" />
      {options.supportsGrn ? <TextField label={t('grnNumber')} field={fields.grnNumber} /> : null}
      <ContactPhoneField label={t('phone')} field={fields.phone} countryField={fields.phoneCountry} rules={options.phone} />
      <label className="flex items-center gap-2">
        <input {...getInputProps(fields.hasSignedWaiverForm, { type: 'checkbox' })} className="h-4 w-4 accent-brand" />
        {t('waiverFormSigned')}
      </label>
      <label className="flex items-center gap-2">
        <input {...getInputProps(fields.subscribeToMailingList, { type: 'checkbox' })} className="h-4 w-4 accent-brand" />
        {t('subscribeToMailingList')}
      </label>
      <div className="mt-2 flex justify-end gap-3">
        {'href' in cancel ? (
          <ButtonLink to={cancel.href} variant="secondary">
            {t('cancel')}
          </ButtonLink>
        ) : (
          // Pressing Cancel must not blur the field first: the blur's check would show a message,
          // move the button down, and the release would land beside it, leaving the dialog open.
          <Button type="button" onMouseDown={(event) => event.preventDefault()} onClick={cancel.onCancel} variant="secondary">
            {t('cancel')}
          </Button>
        )}
        <Button type="submit" busy={busy} disabled={hydrated && !complete} variant="primary">
          {busy ? t('saving') : t('submit')}
        </Button>
      </div>
    </>,
  )
}

export function TextField({
  label,
  field,
  type = 'text',
  autoComplete,
  hint,
}: {
  label: string
  field: FieldMetadata<string | null | undefined | unknown>
  type?: 'text' | 'email' | 'tel' | 'date'
  autoComplete?: string
  hint?: string
}) {
  const shownMessages = useFormMessages()
  const { key, ...input } = getInputProps(field as FieldMetadata<string>, { type })
  return (
    <Field id={field.id} label={label} required={field.required} errors={shownMessages(field.errors)} hint={hint}>
      {(control) => <input key={key} {...input} {...control} autoComplete={autoComplete} className={FIELD_INPUT_CLASSES} />}
    </Field>
  )
}
