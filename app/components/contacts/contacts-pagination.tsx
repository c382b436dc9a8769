import { CONTACT_PAGE_SIZES, contactListSearch, type ContactListFilter } from '#server/contacts/contact-list-filter'
import { PageLinks, PageSizeForm } from '#app/components/ui/pagination'
import { FilterHiddenFields } from './filter-hidden-fields'
import { useContactsWords } from './use-contacts-words'

/** Under the table: the result count, the page size and the previous and next page links. */
export function ContactsPagination({ filter, total, pageCount }: { filter: ContactListFilter; total: number; pageCount: number }) {
  const { t, shown } = useContactsWords()
  const first = total === 0 ? 0 : (filter.page - 1) * filter.pageSize + 1
  const last = Math.min(total, filter.page * filter.pageSize)
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 px-1 py-3 text-sm text-slate-600">
      <p>
        <span className="font-medium text-slate-900">{shown(total)}</span> {t('contactWord', { count: total })}
        {total > 0 ? <span> · {t('showingRange', { first: shown(first), last: shown(last) })}</span> : null}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <PageSizeForm
          id="contacts-page-size"
          sizes={CONTACT_PAGE_SIZES}
          current={filter.pageSize}
          action="/contacts"
          hiddenFields={<FilterHiddenFields filter={filter} omit={['pageSize', 'page']} />}
        />
        <span>{t('pageOf', { page: shown(filter.page), pages: shown(pageCount) })}</span>
        <PageLinks page={filter.page} pageCount={pageCount} hrefOf={(page) => `/contacts${contactListSearch(filter, { page })}`} />
      </div>
    </div>
  )
}
