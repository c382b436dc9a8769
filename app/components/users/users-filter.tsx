import { DEFAULT_USERS_LIST_QUERY as DEFAULTS, type UsersListQuery } from '#server/users/users-list-query'
import { useTranslation } from 'react-i18next'
import { SearchAsYouType } from '#app/components/ui/search-as-you-type'

const FILTER_DEBOUNCE_MS = 300

/**
 * The table's text filter, applied by the server so it covers every page. A GET form: Enter
 * (or the button without JavaScript) applies it; with JavaScript it applies as you type.
 */
export function UsersFilter({ query }: { query: UsersListQuery }) {
  const { t } = useTranslation('settings')
  const kept: Record<string, string> = {}
  if (query.sort !== DEFAULTS.sort) kept.sort = query.sort
  if (query.dir !== DEFAULTS.dir) kept.dir = query.dir
  if (query.size !== DEFAULTS.size) kept.size = String(query.size)
  return <SearchAsYouType id="users-filter" label={t('users_filterLabel')} placeholder={t('users_filter')} buttonLabel={t('users_filter')} defaultValue={query.q} debounceMs={FILTER_DEBOUNCE_MS} kept={kept} />
}
