import { Check, Copy } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'

/** The copy icon next to a user's email; copying needs JavaScript, so it only appears with it. */
export function CopyEmailButton({ email }: { email: string }) {
  const hydrated = useHydrated()
  const { t } = useTranslation('settings')
  const [copied, setCopied] = useState(false)
  if (!hydrated) return null
  return (
    <button
      type="button"
      aria-label={copied ? t('users_emailCopied') : t('users_copyAddress', { email })}
      title={copied ? t('sf_copied') : t('users_copyEmail')}
      className="rounded p-1 text-slate-500 opacity-0 group-hover:opacity-100 hover:bg-slate-100 focus-visible:opacity-100"
      onClick={async (event) => {
        // The row navigates on click; copying must not.
        event.stopPropagation()
        try {
          await navigator.clipboard.writeText(email)
          setCopied(true)
          window.setTimeout(() => setCopied(false), 2000)
        } catch {
          setCopied(false)
        }
      }}
    >
      {copied ? <Check aria-hidden className="h-4 w-4 text-emerald-600" /> : <Copy aria-hidden className="h-4 w-4" />}
    </button>
  )
}
