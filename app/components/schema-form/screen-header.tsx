import { Link } from '@remix-run/react'
import { ArrowLeft, SlidersHorizontal } from 'lucide-react'
import type { ReactNode } from 'react'
import { useSchemaFormWords } from './use-schema-form-words'

/** The title row of a settings screen: back arrow, title, and 'Customise this screen' for admins. */
export function ScreenHeader({ title, backTo, customiseKey, children }: { title: string; backTo: string; customiseKey?: string; children?: ReactNode }) {
  const word = useSchemaFormWords()
  return (
    <header className="mb-6 flex flex-wrap items-center gap-3">
      <Link to={backTo} className="rounded-full p-2 text-slate-600 hover:bg-slate-200" aria-label={word('sf_back')}>
        <ArrowLeft aria-hidden className="h-5 w-5" />
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {children}
        {customiseKey ? (
          <Link
            to={`/settings/customise/${customiseKey}`}
            className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            <SlidersHorizontal aria-hidden className="h-4 w-4" />
            {word('sf_customiseScreen')}
          </Link>
        ) : null}
      </div>
    </header>
  )
}

/** A white panel holding one form of a settings screen. */
export function ScreenPanel({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {title ? <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2> : null}
      {children}
    </section>
  )
}
