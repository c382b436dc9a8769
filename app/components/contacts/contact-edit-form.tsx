import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { useMemo } from 'react'
import { CONTACT_STATUS_FIELDS, contactProfileSchema, type ContactFormOptions } from '#server/contacts/contact-form-schema'
import type { FormInput } from '#server/forms/form-inputs'
import { ContactPhoneField } from '#app/components/contacts/contact-phone-field'
import { TextField } from '#app/components/contacts/contact-dialog-fields'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { CustomInputControl } from '#app/components/forms/custom-input-control'
import { useContactsWords } from './use-contacts-words'
import { useFormMessages } from './use-form-messages'

type Props = {
  guId: string
  values: Record<string, string>
  customInputs: FormInput[]
  options: ContactFormOptions
  suggestions: { category: string[]; salesStage: string[]; accountStage: string[] }
  lastResult: SubmissionResult<string[]> | null
}

type AnyField = FieldMetadata<string | null | undefined | unknown>

/**
 * The full Edit Contact page (spec 2.9 and 3, Contact): the dialog's fields, then the rest of
 * the contact in cards, then the tenant's custom fields. A plain POST; the server's messages
 * come back beside each field, and the browser checks what it can as the user types.
 */
export function ContactEditForm({ guId, values, customInputs, options, suggestions, lastResult }: Props) {
  const { t } = useContactsWords()
  const shownMessages = useFormMessages()
  const schema = useMemo(() => contactProfileSchema(options), [options])
  const [form, fields] = useForm({
    id: 'edit-contact',
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: values,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    // Custom fields are checked by the server alone (the registration forms' rules), so the
    // browser's check leaves their messages as the server gave them.
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const navigation = useNavigation()
  const action = `/contacts/${guId}/edit`
  const busy = navigation.state !== 'idle' && navigation.formAction === action
  const field = (name: string): AnyField => (fields as unknown as Record<string, AnyField>)[name] as AnyField

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-5">
      {form.errors?.length ? (
        <div id={form.errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {shownMessages(form.errors)?.join(' ')}
        </div>
      ) : null}

      <Card title={t('cardContact')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('firstName')} field={fields.firstName} autoComplete="off" />
          <TextField label={t('lastName')} field={fields.lastName} autoComplete="off" />
          <TextField label={t('email')} field={fields.email} type="email" autoComplete="off" />
          <ContactPhoneField label={t('phone')} field={fields.phone} countryField={fields.phoneCountry} rules={options.phone} />
          {options.supportsGrn ? <TextField label={t('grnNumber')} field={fields.grnNumber} /> : null}
          <TextField label={t('barcode')} field={fields.barcode} />
        </div>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:gap-8">
          <Checkbox field={fields.hasSignedWaiverForm} label={t('waiverFormSigned')} />
          <Checkbox field={fields.subscribeToMailingList} label={t('subscribeToMailingList')} />
        </div>
      </Card>

      <Card title={t('alternateEmails')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={t('alternateEmail1')} field={fields.altEmail1} type="email" autoComplete="off" />
          <TextField label={t('alternateEmail2')} field={fields.altEmail2} type="email" autoComplete="off" />
          <TextField label={t('alternateEmail3')} field={fields.altEmail3} type="email" autoComplete="off" />
        </div>
      </Card>

      <Card title={t('address')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('addressLine1')} field={fields.addressLine1} autoComplete="off" />
          <TextField label={t('addressLine2')} field={fields.addressLine2} autoComplete="off" />
          <TextField label={t('city')} field={fields.city} autoComplete="off" />
          <TextField label={t('state')} field={fields.state} autoComplete="off" />
          <TextField label={t('zip')} field={fields.zip} autoComplete="off" />
          <TextField label={t('country')} field={fields.country} autoComplete="off" />
        </div>
      </Card>

      <Card title={t('about')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('dateOfBirth')} field={fields.dateOfBirth} type="date" />
          <TextField label={t('company')} field={fields.company} autoComplete="off" />
          <TextField label={t('leadSource')} field={fields.leadSource} />
          <SuggestedField label={t('categoryTitle')} field={fields.category} suggestions={suggestions.category} />
          <SuggestedField label={t('salesStageTitle')} field={fields.salesStage} suggestions={suggestions.salesStage} />
          <SuggestedField label={t('accountStageTitle')} field={fields.accountStage} suggestions={suggestions.accountStage} />
        </div>
        <TextArea label={t('description')} field={fields.description} className="mt-4" />
      </Card>

      <Card title={t('statusAndReminders')}>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t('status')}</legend>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {CONTACT_STATUS_FIELDS.map(([name]) => (
              <Checkbox key={name} field={field(name)} label={t(statusKeyOf(name))} />
            ))}
            <Checkbox field={fields.isTeacher} label={t('teacher')} />
          </div>
        </fieldset>
        <fieldset className="mt-5">
          <legend className="text-sm font-medium text-slate-700">{t('reminders')}</legend>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:gap-8">
            <Checkbox field={fields.isSendReminder} label={t('emailReminders')} />
            <Checkbox field={fields.isSendSmsReminder} label={t('smsReminders')} />
          </div>
        </fieldset>
      </Card>

      <Card title={t('emergencyAndGuardians')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('emergencyContactName')} field={fields.emergencyContactName} autoComplete="off" />
          <ContactPhoneField label={t('emergencyContactPhone')} field={fields.emergencyContactPhone} rules={options.phone} />
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <TextField label={t('motherName')} field={fields.motherName} autoComplete="off" />
          <TextField label={t('motherEmail')} field={fields.motherEmail} type="email" autoComplete="off" />
          <ContactPhoneField label={t('motherPhone')} field={fields.motherPhone} rules={options.phone} />
          <TextField label={t('fatherName')} field={fields.fatherName} autoComplete="off" />
          <TextField label={t('fatherEmail')} field={fields.fatherEmail} type="email" autoComplete="off" />
          <ContactPhoneField label={t('fatherPhone')} field={fields.fatherPhone} rules={options.phone} />
        </div>
      </Card>

      {customInputs.length > 0 ? (
        <Card title={t('customFields')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {customInputs.map((input) => (
              <CustomFieldControl key={input.key} input={input} field={field(input.key)} />
            ))}
          </div>
        </Card>
      ) : null}

      <div className="sticky bottom-0 -mx-4 flex justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <ButtonLink to={`/contacts/${guId}/detail`} variant="secondary">
          {t('cancel')}
        </ButtonLink>
        <Button type="submit" busy={busy} variant="primary">
          {busy ? t('saving') : t('save')}
        </Button>
      </div>
    </Form>
  )
}

/** 'isStatusFollowup' to its status's words' key, 'status_followup'. */
function statusKeyOf(name: (typeof CONTACT_STATUS_FIELDS)[number][0]) {
  return `status_${name.slice('isStatus'.length).toLowerCase() as 'client' | 'lead' | 'member' | 'staff' | 'followup' | 'inactive' | 'other'}` as const
}

function Checkbox({ field, label }: { field: AnyField; label: string }) {
  const { key, ...input } = getInputProps(field as FieldMetadata<boolean>, { type: 'checkbox' })
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input key={key} {...input} className="h-4 w-4 accent-brand" />
      {label}
    </label>
  )
}

function TextArea({ label, field, className, hint, maxLength }: { label: string; field: AnyField; className?: string; hint?: string; maxLength?: number }) {
  const shownMessages = useFormMessages()
  const { key, ...input } = getTextareaProps(field as FieldMetadata<string>)
  return (
    <Field id={field.id} label={label} errors={shownMessages(field.errors)} hint={hint} className={className} required={field.required}>
      {(control) => <textarea key={key} {...input} {...control} maxLength={maxLength ?? input.maxLength} rows={4} className={FIELD_INPUT_CLASSES} />}
    </Field>
  )
}

/** A free text field that offers the values other contacts already have (a category, a stage). */
function SuggestedField({ label, field, suggestions }: { label: string; field: AnyField; suggestions: string[] }) {
  const listId = `${field.id}-suggestions`
  const shownMessages = useFormMessages()
  const { key, ...input } = getInputProps(field as FieldMetadata<string>, { type: 'text' })
  return (
    <Field id={field.id} label={label} errors={shownMessages(field.errors)}>
      {(control) => (
        <>
          <input key={key} {...input} {...control} list={suggestions.length > 0 ? listId : undefined} autoComplete="off" className={FIELD_INPUT_CLASSES} />
          {suggestions.length > 0 ? (
            <datalist id={listId}>
              {suggestions.map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
          ) : null}
        </>
      )}
    </Field>
  )
}

/** One custom field, drawn by its kind as the registration forms draw it; checked on the server. */
function CustomFieldControl({ input, field }: { input: FormInput; field: AnyField }) {
  const initial = typeof field.initialValue === 'string' ? field.initialValue : ''
  return <CustomInputControl input={input} id={field.id} initial={initial} errors={field.errors} resetKey={field.key} />
}
