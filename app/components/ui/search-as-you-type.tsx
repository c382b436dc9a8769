import { Form, useSubmit } from '@remix-run/react'
import { Search } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Button } from '#app/components/ui/button'

type SearchAsYouTypeProps = {
  id: string
  /** The input's name for screen readers ('Search franchises'). */
  label: string
  placeholder: string
  /** The submit button's words ('Search', 'Filter'). */
  buttonLabel: string
  defaultValue: string
  /** How long after the last key the list is asked for. */
  debounceMs: number
  /** The list's other choices that the search keeps (page size, sort), only those not at their defaults. */
  kept?: Record<string, string>
  action?: string
  inputClassName?: string
}

/**
 * A list's text search, applied by the server so it covers every page. A GET form: Enter or the
 * button applies it without JavaScript; with JavaScript it applies as you type, `debounceMs`
 * after the last key, replacing the history entry rather than adding one per key.
 */
export function SearchAsYouType({ id, label, placeholder, buttonLabel, defaultValue, debounceMs, kept = {}, action, inputClassName = 'w-56' }: SearchAsYouTypeProps) {
  const submit = useSubmit()
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])
  return (
    <Form method="get" action={action} role="search" className="flex flex-wrap items-center gap-2">
      {Object.entries(kept).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={defaultValue}
          placeholder={placeholder}
          maxLength={100}
          className={`${inputClassName} max-w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-8 text-sm`}
          onChange={(event) => {
            const form = event.currentTarget.form
            window.clearTimeout(timer.current)
            timer.current = window.setTimeout(() => {
              if (form) submit(form, { replace: true, preventScrollReset: true })
            }, debounceMs)
          }}
        />
      </div>
      <Button type="submit" variant="secondary">
        {buttonLabel}
      </Button>
    </Form>
  )
}
