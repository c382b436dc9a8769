import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { Search } from 'lucide-react'
import { MORE_LINES_INTENT, StaffInvoiceForm, visibleLineCount } from '#app/components/invoices/staff-invoice-form'
import { PageHeader } from '#app/components/layout/page-header'
import { StaffShell } from '#app/components/layout/staff-shell'
import { Button, buttonClasses } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { Field, FIELD_INPUT_CLASSES } from '#app/components/ui/field'
import { requireStaffArea, signedInShellFor } from '#app/utils/navigation.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { searchContacts } from '#server/contacts/search-contacts'
import { tenantToday } from '#server/dates/tenant-today'
import { loadInvoiceChoices } from '#server/invoices/invoice-choices'
import { invoiceFormValues, type InvoiceFormErrors } from '#server/invoices/invoice-form'
import { loadInvoiceContact, newInvoiceValues } from '#server/invoices/invoice-form-values'
import { saveStaffInvoice } from '#server/invoices/save-staff-invoice'

export const meta: MetaFunction = () => [{ title: 'New invoice' }]

const NEW_PATH = '/invoices/new'

/**
 * /invoices/new (the spec's checkout/invoice/create): staff find the contact (?q=, then
 * ?contact={guid}, as at the desk), then write the invoice's lines, due date and note.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireStaffArea(request, context)
  const { tenant } = access
  const url = new URL(request.url)
  const query = (url.searchParams.get('q') ?? '').slice(0, 100)
  const [contact, matches, choices] = await Promise.all([
    loadInvoiceContact(context.platform.database, tenant, url.searchParams.get('contact')),
    query.trim() ? searchContacts({ platform: context.platform, tenant, unverifiedQuery: query }) : Promise.resolve([]),
    loadInvoiceChoices(context.platform.database, tenant),
  ])
  const { headers, ...shell } = await signedInShellFor(request, context, { ...access, kind: 'staff' })
  headers.set('Cache-Control', 'private, no-store')
  return data({ shell, contact, query, matches, choices, values: contact ? newInvoiceValues(tenant, contact.guid) : null, currency: tenant.settings.defaultCurrency }, { headers })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireStaffArea(request, context)
  const form = await request.formData()
  const values = invoiceFormValues(form)
  const asked = Number(form.get('shownLines')) || 0
  if (form.get('intent') === MORE_LINES_INTENT) return data({ values, errors: {} as InvoiceFormErrors, shownLines: visibleLineCount(values, asked + 2) })
  const saved = await saveStaffInvoice(context.platform, access.tenant, { values, editGuid: null, today: tenantToday(context.platform, access.tenant), now: context.platform.clock.now() })
  if (saved.ok) return redirectWithToast(`/invoices/${saved.value.guid}`, { type: 'success', message: saved.value.message })
  return data({ values, errors: saved.details.errors, shownLines: visibleLineCount(values, asked) }, { status: 400 })
}

export default function NewInvoiceRoute() {
  const { shell: loaded, contact, query, matches, choices, values, currency } = useLoaderData<typeof loader>()
  const answered = useActionData<typeof action>()
  const { shell, toast, session } = loaded
  const shownValues = answered?.values ?? values
  return (
    <StaffShell shell={shell} toast={toast} sidebarFolded={loaded.sidebarFolded} session={session}>
      <div className="mx-auto flex max-w-4xl flex-col gap-4">
        <PageHeader title="New invoice" description="Bill a contact for items from the catalog or anything described by hand." />
        {contact && shownValues ? (
          <StaffInvoiceForm
            key={answered ? 'answered' : 'new'}
            contact={contact}
            changeContactHref={NEW_PATH}
            values={shownValues}
            errors={answered?.errors ?? {}}
            choices={choices}
            shownLines={answered?.shownLines ?? visibleLineCount(shownValues, 0)}
            currency={currency}
            submitLabel="Create invoice"
            cancelHref="/invoices"
          />
        ) : (
          <Card title="Who is it for?">
            <Form method="get" className="flex items-end gap-2" role="search">
              <Field id="invoice-contact-search" label="Find a contact" className="min-w-0 flex-1">
                {(control) => <input {...control} type="search" name="q" defaultValue={query} placeholder="name or email or phone no." className={`${FIELD_INPUT_CLASSES} w-full min-w-0`} />}
              </Field>
              <Button type="submit" variant="secondary">
                <Search aria-hidden className="h-4 w-4" /> Search
              </Button>
            </Form>
            {query ? (
              matches.length === 0 ? (
                <p className="mt-3 text-sm text-slate-600">No contact matches “{query}”.</p>
              ) : (
                <ul className="mt-3 divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Matching contacts">
                  {matches.map((match) => (
                    <li key={match.id} className="flex items-center justify-between gap-3 px-3 py-2">
                      <div className="min-w-0">
                        <p className="truncate text-sm font-medium text-slate-900">{match.label}</p>
                        {match.email ? <p className="truncate text-xs text-slate-600">{match.email}</p> : null}
                      </div>
                      <Link to={`${NEW_PATH}?contact=${encodeURIComponent(match.id)}`} className={buttonClasses({ variant: 'secondary', size: 'sm' })} aria-label={`Choose ${match.label}`}>
                        Choose
                      </Link>
                    </li>
                  ))}
                </ul>
              )
            ) : null}
          </Card>
        )}
      </div>
    </StaffShell>
  )
}
