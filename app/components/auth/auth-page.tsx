import type { ReactNode } from 'react'
import { LanguageSwitcher } from '#app/components/layout/language-switcher'

/**
 * The frame of the sign-in pages: the organisation's name over one card, and the language
 * switcher above them, since these pages have no site toolbar to carry it.
 */
export function AuthPage({ orgName, title, children }: { orgName: string | null; title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-screen w-full max-w-md flex-col justify-center gap-6 px-4 py-10">
      <LanguageSwitcher className="self-end text-sm text-slate-700" />
      <header className="text-center">
        {orgName ? <p className="text-sm font-medium uppercase tracking-wide text-slate-500">{orgName}</p> : null}
        <h1 className="mt-1 text-2xl font-semibold">{title}</h1>
      </header>
      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">{children}</section>
    </main>
  )
}

export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors.join(' ')}
    </p>
  )
}

export function FormAlert({ id, errors }: { id?: string; errors: string[] | undefined }) {
  if (!errors?.length) return null
  return (
    <div id={id} role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      {errors.join(' ')}
    </div>
  )
}

export const inputClass =
  'mt-1 block w-full rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30'
export const primaryButtonClass =
  'w-full rounded bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50'
