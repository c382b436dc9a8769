import type { SubmissionResult } from '@conform-to/react'
import { Form, Link, useFetcher, useNavigation } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import type { ContactFormOptions } from '#server/contacts/contact-form-schema'
import { ContactDialogFields, type ContactDialogCancel } from '#app/components/contacts/contact-dialog-fields'
import { useContactsWords } from './use-contacts-words'

/** The Users screen's Create Contact page: the contact joins the users as Staff. */
export const ADD_CONTACT_PATH = '/settings/users/add'
/** The contacts list's Create Contact page. */
export const NEW_CONTACT_PATH = '/contacts/new'

type Props = {
  options: ContactFormOptions
  /** Where the form posts: the users screen's or the contacts list's create action. */
  action: string
  cancel: ContactDialogCancel
}

// Both boxes start ticked (spec 3, Contact dialog model: both default true).
const newContactValues = (options: ContactFormOptions) => ({ hasSignedWaiverForm: 'on', subscribeToMailingList: 'on', phoneCountry: options.phone.country.code })

/** The Create Contact dialog as a page of its own, with a way back to the screen that opened it. */
export function CreateContactPage({ back, ...props }: Props & { lastResult: SubmissionResult<string[]> | null; back: { href: string; label: string } }) {
  const { t } = useContactsWords()
  return (
    <div className="mx-auto flex max-w-[590px] flex-col gap-4 p-4 sm:p-6">
      <header className="flex items-center gap-3">
        <Link to={back.href} className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={back.label}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <h1 className="text-2xl font-semibold">{t('createContact')}</h1>
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
    <ContactDialogFields
      {...props}
      formId="create-contact"
      defaultValue={newContactValues(props.options)}
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
    <ContactDialogFields
      {...props}
      formId="create-contact"
      defaultValue={newContactValues(props.options)}
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
