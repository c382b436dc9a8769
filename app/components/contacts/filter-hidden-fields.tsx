import { contactListSearch, type ContactListFilter } from '#server/contacts/contact-list-filter'

/**
 * The parts of the current filter a small GET form does not show, as hidden fields, so that
 * submitting it (the page size, say) keeps the rest of the filter.
 */
export function FilterHiddenFields({ filter, omit }: { filter: ContactListFilter; omit: Array<keyof ContactListFilter> }) {
  const cleared: Partial<ContactListFilter> = {}
  for (const key of omit) Object.assign(cleared, { [key]: emptyValue(key) })
  const params = new URLSearchParams(contactListSearch(filter, cleared))
  return (
    <>
      {[...params.entries()].map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
    </>
  )
}

function emptyValue(key: keyof ContactListFilter): unknown {
  switch (key) {
    case 'statuses':
    case 'tagIds':
      return []
    case 'search':
      return ''
    case 'walkInOnly':
      return false
    case 'page':
      return 1
    case 'pageSize':
      return 50
    case 'sort':
      return 'name'
    case 'direction':
      return 'asc'
    default:
      return null
  }
}
