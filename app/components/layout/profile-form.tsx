import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { profileFormSchemaWith, type ProfileMessages } from '#server/profile/profile-schema'

type Props = {
  defaults: { firstName: string; lastName: string; phone: string }
  lastResult: SubmissionResult<string[]> | null
  /** The form's messages in the page's language, for the browser's checks. */
  messages: ProfileMessages
}

/** My Profile's edit form: a plain POST that the server checks; JavaScript adds live messages. */
export function ProfileForm({ defaults, lastResult, messages }: Props) {
  const schema = useMemo(() => profileFormSchemaWith(messages), [messages])
  const navigation = useNavigation()
  const { t } = useTranslation('portal')
  const busy = navigation.state === 'submitting' && navigation.formAction === '/profile'
  const [form, fields] = useForm({
    id: 'profile',
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  return (
    <Form method="post" action="/profile" {...getFormProps(form)} className="space-y-5">
      {form.errors?.length ? (
        <div id={form.errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {form.errors.join(' ')}
        </div>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('firstName')} field={fields.firstName} autoComplete="given-name" />
        <TextField label={t('lastName')} field={fields.lastName} autoComplete="family-name" />
      </div>
      <TextField label={t('phone')} field={fields.phone} type="tel" autoComplete="tel" />
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-on-brand shadow-sm hover:bg-brand-dark disabled:opacity-60"
        >
          {busy ? t('saving') : t('saveChanges')}
        </button>
      </div>
    </Form>
  )
}

function TextField({
  label,
  field,
  type = 'text',
  autoComplete,
}: {
  label: string
  field: FieldMetadata<string | null>
  type?: 'text' | 'tel'
  autoComplete: string
}) {
  const invalid = Boolean(field.errors?.length)
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        autoComplete={autoComplete}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 ${
          invalid ? 'border-red-400 focus:ring-red-200' : 'border-slate-300 focus:border-brand focus:ring-brand/20'
        }`}
      />
      {invalid ? (
        <p id={field.errorId} className="mt-1 text-sm text-red-700">
          {field.errors?.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
