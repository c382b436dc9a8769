import { DEFAULT_FRANCHISE_PAGE_SIZE, type FranchiseListQuery } from '#server/franchises/franchise-list-query'
import { useTranslation } from 'react-i18next'
import { SearchAsYouType } from '#app/components/ui/search-as-you-type'

/** The spec's franchise list debounce. */
const SEARCH_DEBOUNCE_MS = 150

/**
 * The franchise search: a GET form (Enter or the button without JavaScript); with JavaScript it
 * searches as you type, 150 ms after the last key.
 */
export function FranchiseSearch({ query }: { query: FranchiseListQuery }) {
  const { t } = useTranslation('settings')
  return (
    <SearchAsYouType
      id="franchise-search"
      label={t('searchFranchises')}
      placeholder={t('search')}
      buttonLabel={t('search')}
      defaultValue={query.q}
      debounceMs={SEARCH_DEBOUNCE_MS}
      kept={query.size !== DEFAULT_FRANCHISE_PAGE_SIZE ? { size: String(query.size) } : {}}
      action="/settings/franchise"
      inputClassName="w-44 sm:w-56"
    />
  )
}
