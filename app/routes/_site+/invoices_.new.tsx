import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { StaffInvoiceForm, visibleLineCount } from '#app/components/invoices/staff-invoice-form'
import { ContactChooser } from '#app/components/contacts/contact-chooser'
import { PageHeader } from '#app/components/layout/page-header'
import { StaffShell } from '#app/components/layout/staff-shell'
import { Card } from '#app/components/ui/card'
import { invoiceFormAction } from '#app/utils/invoice-form-action.server'
import { requireStaffArea, signedInShellFor } from '#app/utils/navigation.server'
import { searchContacts } from '#server/contacts/search-contacts'
import { loadInvoiceChoices } from '#server/invoices/invoice-choices'
import { loadInvoiceContact, newInvoiceValues } from '#server/invoices/invoice-form-values'
import { tFor } from '#server/i18n/server-translator'
import type { I18nHandle } from '#app/utils/i18n'

export const handle: I18nHandle = { i18n: ['billing'] }

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.title ?? 'New invoice' }]

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
  return data({ title: tFor(context.language, 'billing')('newInvoice'), shell, contact, query, matches, choices, values: contact ? newInvoiceValues(tenant, contact.guid) : null, currency: tenant.settings.defaultCurrency }, { headers })
}

export async function action({ request, context }: ActionFunctionArgs) {
  return invoiceFormAction({ request, context }, null)
}

export default function NewInvoiceRoute() {
  const { shell: loaded, contact, query, matches, choices, values, currency } = useLoaderData<typeof loader>()
  const answered = useActionData<typeof action>()
  const { t } = useTranslation('billing')
  const { shell, toast, session } = loaded
  const shownValues = answered?.values ?? values
  return (
    <StaffShell shell={shell} toast={toast} sidebarFolded={loaded.sidebarFolded} session={session}>
      <div className="mx-auto flex max-w-4xl flex-col gap-4">
        <PageHeader title={t('newInvoice')} description={t('newInvoiceDescription')} />
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
            submitLabel={t('createInvoice')}
            cancelHref="/invoices"
          />
        ) : (
          <Card title={t('whoIsItFor')}>
            <ContactChooser id="invoice-contact-search" query={query} matches={matches} chooseHref={(guid) => `${NEW_PATH}?contact=${encodeURIComponent(guid)}`} />
          </Card>
        )}
      </div>
    </StaffShell>
  )
}
