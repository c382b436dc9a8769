import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useFetcher, useNavigation } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { contactFormSchema, type ContactFormOptions } from '#server/contacts/contact-form-schema'
import { ContactPhoneField } from '#app/components/contacts/contact-phone-field'
import { Button, ButtonLink } from '#app/components/ui/button'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'

/** The Users screen's Create Contact page: the contact joins the users as Staff. */
export const ADD_CONTACT_PATH = '/settings/users/add'
/** The contacts list's Create Contact page. */
export const NEW_CONTACT_PATH = '/contacts/new'

type Props = {
  options: ContactFormOptions
  /** Where the form posts: the users screen's or the contacts list's create action. */
  action: string
  /** What Cancel does: a link back (page) or closing the modal. */
  cancel: { href: string } | { onCancel: () => void }
}

/** The Create Contact dialog as a page of its own, with a way back to the screen that opened it. */
export function CreateContactPage({ back, ...props }: Props & { lastResult: SubmissionResult<string[]> | null; back: { href: string; label: string } }) {
  return (
    <div className="mx-auto flex max-w-[590px] flex-col gap-4 p-4 sm:p-6">
      <header className="flex items-center gap-3">
        <Link to={back.href} className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={back.label}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <h1 className="text-2xl font-semibold">Create Contact</h1>
      </header>
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <CreateContactPageForm {...props} />
      </div>
    </div>
  )
}

/** The Create Contact dialog's form as a page of its own: a plain POST, re-rendered with messages. */
export function CreateContactPageForm({ lastResult, ...props }: Props & { lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation()
  return (
    <CreateContactFields
      {...props}
      lastResult={lastResult}
      busy={navigation.state !== 'idle' && navigation.formAction === props.action}
      render={(formProps, children) => (
        <Form method="post" action={props.action} {...formProps}>
          {children}
        </Form>
      )}
    />
  )
}

/** The same form inside the modal: posts through a fetcher, so messages land in the modal. */
export function CreateContactDialogForm(props: Props) {
  const fetcher = useFetcher<SubmissionResult<string[]>>()
  return (
    <CreateContactFields
      {...props}
      lastResult={fetcher.data ?? null}
      busy={fetcher.state !== 'idle'}
      render={(formProps, children) => (
        <fetcher.Form method="post" action={props.action} {...formProps}>
          {children}
        </fetcher.Form>
      )}
    />
  )
}

type FormProps = ReturnType<typeof getFormProps> & { className: string; onInput: (event: FormEvent<HTMLFormElement>) => void }

function CreateContactFields({
  options,
  cancel,
  lastResult,
  busy,
  render,
}: Props & {
  lastResult: SubmissionResult<string[]> | null
  busy: boolean
  render: (formProps: FormProps, children: React.ReactNode) => React.ReactNode
}) {
  const schema = useMemo(() => contactFormSchema(options), [options])
  const [form, fields] = useForm({
    id: 'create-contact',
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: { hasSignedWaiverForm: 'on', subscribeToMailingList: 'on', phoneCountry: options.phone.country.code },
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
  const formProps: FormProps = {
    ...getFormProps(form),
    className: 'flex flex-col gap-4',
    onInput: (event) => setComplete(event.currentTarget.checkValidity()),
  }

  return render(
    formProps,
    <>
      {form.errors?.length ? (
        <div id={form.errorId} role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {form.errors.join(' ')}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" field={fields.firstName} autoComplete="given-name" />
        <TextField label="Last Name" field={fields.lastName} autoComplete="family-name" />
      </div>
      <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
      {options.supportsGrn ? <TextField label="GRN Number" field={fields.grnNumber} /> : null}
      <ContactPhoneField label="Phone" field={fields.phone} countryField={fields.phoneCountry} rules={options.phone} />
      <label className="flex items-center gap-2">
        <input {...getInputProps(fields.hasSignedWaiverForm, { type: 'checkbox' })} className="h-4 w-4 accent-brand" />
        Waiver Form Signed
      </label>
      <label className="flex items-center gap-2">
        <input {...getInputProps(fields.subscribeToMailingList, { type: 'checkbox' })} className="h-4 w-4 accent-brand" />
        Subscribe to Mailing List
      </label>
      <div className="mt-2 flex justify-end gap-3">
        {'href' in cancel ? (
          <ButtonLink to={cancel.href} variant="secondary">
            Cancel
          </ButtonLink>
        ) : (
          <Button type="button" onClick={cancel.onCancel} variant="secondary">
            Cancel
          </Button>
        )}
        <Button type="submit" busy={busy} disabled={hydrated && !complete} variant="primary">
          {busy ? 'Saving…' : 'Submit'}
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
  const { key, ...input } = getInputProps(field as FieldMetadata<string>, { type })
  return (
    <Field id={field.id} label={label} required={field.required} errors={field.errors} hint={hint}>
      {(control) => <input key={key} {...input} {...control} autoComplete={autoComplete} className={FIELD_INPUT_CLASSES} />}
    </Field>
  )
}
