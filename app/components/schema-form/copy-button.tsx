import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useSchemaFormWords } from './use-schema-form-words'

/** Copies a value to the clipboard; drawn only once JavaScript runs, since it needs it. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const word = useSchemaFormWords()
  const [hydrated, setHydrated] = useState(false)
  const [copied, setCopied] = useState(false)
  useEffect(() => setHydrated(true), [])
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  if (!hydrated) return null
  return (
    <button
      type="button"
      onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}
      className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      aria-label={label}
      title={label}
    >
      {copied ? <Check aria-hidden className="h-4 w-4 text-green-600" /> : <Copy aria-hidden className="h-4 w-4" />}
      <span aria-live="polite" className="sr-only">
        {copied ? word('sf_copied') : ''}
      </span>
    </button>
  )
}
