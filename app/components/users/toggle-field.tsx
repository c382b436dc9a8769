import type { ComponentPropsWithoutRef } from 'react'

/**
 * An on/off setting: a real checkbox (posts 'on' when ticked, nothing otherwise) drawn as a
 * switch, so it works the same with or without JavaScript.
 */
export function ToggleField({ label, hint, ...input }: { label: string; hint?: string } & Omit<ComponentPropsWithoutRef<'input'>, 'type'>) {
  return (
    <label className="flex cursor-pointer items-start justify-between gap-4 py-2">
      <span>
        <span className="block font-medium">{label}</span>
        {hint ? <span className="block text-sm text-slate-500">{hint}</span> : null}
      </span>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input type="checkbox" role="switch" className="peer sr-only" {...input} />
        <span
          aria-hidden
          className="h-6 w-11 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand peer-focus-visible:ring-2 peer-focus-visible:ring-brand peer-focus-visible:ring-offset-2"
        />
        <span
          aria-hidden
          className="absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </label>
  )
}
