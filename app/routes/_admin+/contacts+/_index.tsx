import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useNavigate } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FileUp, UserPlus, Users } from 'lucide-react'
import { useState, type MouseEvent } from 'react'
import { balanceText } from '#server/contacts/balance-text'
import { contactFormOptionsFor } from '#server/contacts/contact-form-schema'
import { isFiltered, parseContactListFilter } from '#server/contacts/contact-list-filter'
import { listContacts } from '#server/contacts/list-contacts'
import { shownRelativeDay } from '#server/dates/tenant-dates'
import { readsCachedData } from '#server/cache/cache-reads'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { allowSignedInPageCache } from '#server/http/signed-in-page-cache'
import { PageHeader } from '#app/components/layout/page-header'
import { screenMeta } from '#app/components/layout/page-title'
import { ContactSearchBox } from '#app/components/contacts/contact-search-box'
import { ContactsFilter } from '#app/components/contacts/contacts-filter'
import { CreateContactDialogForm, NEW_CONTACT_PATH } from '#app/components/contacts/create-contact-form'
import { EditContactDialog, useEditContactDialog } from '#app/components/contacts/edit-contact-dialog'
import { ContactsPagination } from '#app/components/contacts/contacts-pagination'
import { ContactsStats } from '#app/components/contacts/contacts-stats'
import { ContactsTable } from '#app/components/contacts/contacts-table'
import { ContactsBulkActions, CONTACTS_BULK_FORM_ID } from '#app/components/contacts/contacts-bulk-actions'
import { useContactSelection } from '#app/components/contacts/use-contact-selection'
import { ButtonLink } from '#app/components/ui/button'
import { Dialog } from '#app/components/ui/dialog'
import { EmptyState } from '#app/components/ui/empty-state'
import { requirePermission } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { useContactsWords } from '#app/components/contacts/use-contacts-words'

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => screenMeta(matches, data?.title ?? 'Contacts')

export const handle: I18nHandle = { i18n: ['contacts'] }

/** The studio's people (website spec 2.12): stats, a GET filter form, one page of the list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const { filter, ignored } = parseContactListFilter(new URL(request.url).searchParams)
  const list = await listContacts({ database: context.platform.database, tenant, filter })
  // Front desk comes back to the list after every profile: the page is kept per user until the
  // contact book changes (a 'Today' may outlive midnight by the minute a page is kept).
  allowSignedInPageCache(context)
  readsCachedData(context, 'contacts')
  const now = new Date()
  const currency = tenant.settings.defaultCurrency
  // The page is kept per user with its cookies, the language's among them: each language keeps its own.
  const language = context.language
  const t = tFor(language, 'contacts')
  return {
    title: t('contacts'),
    contactForm: contactFormOptionsFor(tenant.settings),
    filter: { ...filter, page: list.page },
    filtered: isFiltered(filter),
    ignored,
    total: list.total,
    pageCount: list.pageCount,
    stats: list.stats,
    options: list.options,
    customField: { fieldGuId: list.customField.field?.guId ?? null, problem: list.customField.problem === null ? null : translateMessage(language, list.customField.problem) },
    rows: list.items.map((item) => ({
      guId: item.guId,
      name: `${item.firstName} ${item.lastName}`.trim() || item.email || '-',
      initials: initialsOf(item.firstName, item.lastName, item.email),
      pictureUrl: item.pictureUrl,
      email: item.email,
      phone: item.phone,
      statuses: item.statuses.map((status) => t(`status_${status}`)),
      isWalkIn: item.isWalkIn,
      balance: balanceText(item.balanceMinor, currency, language),
      balanceSign: Math.sign(item.balanceMinor),
      created: shownRelativeDay(item.createdAt, tenant.settings, now, language),
      updated: shownRelativeDay(item.updatedAt, tenant.settings, now, language),
    })),
  }
}

function initialsOf(firstName: string, lastName: string, email: string | null): string {
  const letters = [firstName, lastName].map((part) => Array.from(part.trim())[0] ?? '').join('')
  return (letters || Array.from(email ?? '?')[0] || '?').toUpperCase()
}

export default function ContactsRoute() {
  const { contactForm, filter, filtered, ignored, total, pageCount, stats, options, customField, rows } = useLoaderData<typeof loader>()
  const { t, shown } = useContactsWords()
  const bookIsEmpty = stats.total === 0 && !filtered
  const [creating, setCreating] = useState(false)
  const edit = useEditContactDialog()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  // The button is a link to the dialog's own page; with JavaScript it opens the modal instead.
  const openCreate = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    setCreating(true)
  }
  const selection = useContactSelection(
    rows.map((row) => row.guId),
    total,
    filter,
  )
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5 p-4 sm:p-6">
      <PageHeader
        title={t('contacts')}
        description={t('contactsDescription')}
        actions={
          <>
            {/* Drawn from the start, hidden until it works, so the header's buttons never move under a pointer when it appears.
                Without JavaScript it never works: it takes no room (the plain search below the header serves instead). */}
            <noscript>
              <style>{'[data-contact-search-box]{display:none}'}</style>
            </noscript>
            <div data-contact-search-box="" className={`w-full sm:w-72${hydrated ? '' : ' invisible'}`}>
              <ContactSearchBox onChoose={(contact) => navigate(`/contacts/${contact.id}/detail`)} />
            </div>
            <ButtonLink to={NEW_CONTACT_PATH} onClick={openCreate} variant="primary">
              <UserPlus aria-hidden className="h-4 w-4" />
              {t('createContact')}
            </ButtonLink>
            {/* On a phone only its icon shows, so the header still fits 360 px; the name stays for screen readers. */}
            <ButtonLink to="/contacts/import" variant="secondary" title={t('importContacts')}>
              <FileUp aria-hidden className="h-4 w-4" />
              <span className="sr-only sm:not-sr-only">{t('importContacts')}</span>
            </ButtonLink>
          </>
        }
      />
      <ContactsStats stats={stats} filter={filter} />
      {bookIsEmpty ? (
        <EmptyState icon={Users} title={t('noContactsYet')}>
          {t('noContactsYetText')}
        </EmptyState>
      ) : (
        <>
          <ContactsFilter filter={filter} options={options} customField={customField} />
          {ignored.length > 0 ? (
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
              {t('ignoredFilterValues', { values: ignored.join(', ') })}
            </p>
          ) : null}
          <div>
            <ContactsBulkActions filter={filter} total={total} state={selection} tags={options.tags} />
            <ContactsTable
              rows={rows}
              filter={filter}
              selection={{ formId: CONTACTS_BULK_FORM_ID, state: selection }}
              onEdit={edit.open}
              empty={
                <span className="flex flex-col items-center gap-3">
                  <span>{t('noMatch')}</span>
                  <ButtonLink to="/contacts" variant="secondary" size="sm">
                    {t('clearFilters')}
                  </ButtonLink>
                </span>
              }
            />
            <ContactsPagination filter={filter} total={total} pageCount={pageCount} />
          </div>
        </>
      )}
      <Dialog open={creating} onClose={() => setCreating(false)} title={t('createContact')} width={590} minHeight={590}>
        <CreateContactDialogForm options={contactForm} action={NEW_CONTACT_PATH} cancel={{ onCancel: () => setCreating(false) }} />
      </Dialog>
      <EditContactDialog guId={edit.editing} onClose={edit.close} />
      {/* Kept for the screen reader: the result count, in words, after each search. */}
      <p className="sr-only" aria-live="polite">{t('contactsFound', { count: total, shown: shown(total) })}</p>
    </div>
  )
}
