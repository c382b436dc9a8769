import { Form, useSubmit } from '@remix-run/react'
import { Search } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { DEFAULT_FRANCHISE_PAGE_SIZE, type FranchiseListQuery } from '#server/franchises/franchise-list-query'
import { Button } from '#app/components/ui/button'

/** The spec's franchise list debounce. */
const SEARCH_DEBOUNCE_MS = 150

/**
 * The franchise search: a GET form (Enter or the button without JavaScript); with JavaScript it
 * searches as you type, 150 ms after the last key.
 */
export function FranchiseSearch({ query }: { query: FranchiseListQuery }) {
  const submit = useSubmit()
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])
  return (
    <Form method="get" action="/settings/franchise" role="search" className="flex flex-wrap items-center gap-2">
      {query.size !== DEFAULT_FRANCHISE_PAGE_SIZE ? <input type="hidden" name="size" value={query.size} /> : null}
      <label htmlFor="franchise-search" className="sr-only">
        Search franchises
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <input
          id="franchise-search"
          type="search"
          name="q"
          defaultValue={query.q}
          placeholder="Search"
          maxLength={100}
          className="w-44 rounded border sm:w-56 border-slate-300 bg-white py-2 pr-3 pl-8"
          onChange={(event) => {
            const form = event.currentTarget.form
            window.clearTimeout(timer.current)
            timer.current = window.setTimeout(() => {
              if (form) submit(form, { replace: true, preventScrollReset: true })
            }, SEARCH_DEBOUNCE_MS)
          }}
        />
      </div>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </Form>
  )
}
