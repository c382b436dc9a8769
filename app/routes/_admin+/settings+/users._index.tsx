import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft, UserPlus, UserRoundSearch } from 'lucide-react'
import { useState, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { contactFormOptionsFor } from '#server/contacts/contact-form-schema'
import { tFor } from '#server/i18n/server-translator'
import { listStaffUsers } from '#server/users/list-staff-users'
import { parseUsersListQuery } from '#server/users/users-list-query'
import { ContactPicker, PICK_CONTACT_PATH } from '#app/components/contacts/contact-picker'
import { ADD_CONTACT_PATH, CreateContactDialogForm } from '#app/components/contacts/create-contact-form'
import { ButtonLink } from '#app/components/ui/button'
import { Dialog } from '#app/components/ui/dialog'
import { UsersFilter } from '#app/components/users/users-filter'
import { UsersPagination } from '#app/components/users/users-pagination'
import { UsersTable } from '#app/components/users/users-table'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import type { I18nHandle } from '#app/utils/i18n'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const query = parseUsersListQuery(new URL(request.url).searchParams)
  const list = await listStaffUsers({ database: context.platform.database, tenant, query, language: context.language })
  return { ...list, contactForm: contactFormOptionsFor(tenant.settings), title: tFor(context.language, 'settings')('users_title') }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Users' }]

/** The Create Contact form drawn here speaks the contacts screens' words. */
export const handle: I18nHandle = { i18n: ['settings', 'contacts'] }

type OpenDialog = 'pick' | 'add' | null

export default function UsersListRoute() {
  const { rows, total, pageCount, query, contactForm } = useLoaderData<typeof loader>()
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const { t } = useTranslation('settings')
  // The buttons are links to the dialogs' own pages; with JavaScript they open the modal instead.
  const openDialog = (which: Exclude<OpenDialog, null>) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    setDialog(which)
  }
  const close = () => setDialog(null)

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <Link to="/settings" className="rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={t('users_backToSettings')}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
        </Link>
        <h1 className="text-2xl font-semibold">{t('users_title')}</h1>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <ButtonLink to={PICK_CONTACT_PATH} onClick={openDialog('pick')} variant="secondary">
            <UserRoundSearch aria-hidden className="h-4 w-4" />
            {t('users_searchContact')}
          </ButtonLink>
          <ButtonLink to={ADD_CONTACT_PATH} onClick={openDialog('add')} variant="primary">
            <UserPlus aria-hidden className="h-4 w-4" />
            {t('users_addContact')}
          </ButtonLink>
        </div>
      </header>

      <UsersFilter query={query} />
      <div>
        <UsersTable rows={rows} query={query} />
        <UsersPagination query={query} total={total} pageCount={pageCount} />
      </div>

      <Dialog open={dialog === 'pick'} onClose={close} title={t('pickTitle')} width={590}>
        <ContactPicker onCancel={close} />
      </Dialog>
      <Dialog open={dialog === 'add'} onClose={close} title={t('users_createContact')} width={590} minHeight={590}>
        <CreateContactDialogForm options={contactForm} action={ADD_CONTACT_PATH} cancel={{ onCancel: close }} />
      </Dialog>
    </div>
  )
}
