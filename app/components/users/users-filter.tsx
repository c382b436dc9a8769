import { Form, useSubmit } from '@remix-run/react'
import { Search } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { DEFAULT_USERS_LIST_QUERY as DEFAULTS, type UsersListQuery } from '#server/users/users-list-query'
import { Button } from '#app/components/ui/button'

const FILTER_DEBOUNCE_MS = 300

/**
 * The table's text filter, applied by the server so it covers every page. A GET form: Enter
 * (or the button without JavaScript) applies it; with JavaScript it applies as you type.
 */
export function UsersFilter({ query }: { query: UsersListQuery }) {
  const submit = useSubmit()
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])
  return (
    <Form method="get" role="search" className="flex items-center gap-2">
      {query.sort !== DEFAULTS.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.dir !== DEFAULTS.dir ? <input type="hidden" name="dir" value={query.dir} /> : null}
      {query.size !== DEFAULTS.size ? <input type="hidden" name="size" value={query.size} /> : null}
      <label htmlFor="users-filter" className="sr-only">
        Filter users
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 text-slate-400" />
        <input
          id="users-filter"
          type="search"
          name="q"
          defaultValue={query.q}
          placeholder="Filter"
          maxLength={100}
          className="w-56 rounded border border-slate-300 bg-white py-2 pr-3 pl-8"
          onChange={(event) => {
            const form = event.currentTarget.form
            window.clearTimeout(timer.current)
            timer.current = window.setTimeout(() => {
              if (form) submit(form, { replace: true, preventScrollReset: true })
            }, FILTER_DEBOUNCE_MS)
          }}
        />
      </div>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
    </Form>
  )
}
