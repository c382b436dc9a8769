import { Form } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { primaryButtonClass } from './auth-page'

export interface OrgOption {
  tenantId: string
  orgId: string
  name: string
}

/**
 * 'Select Org To Login.': the organisations this person proved they belong to, as radios.
 * Without JavaScript the radios are required, so the browser will not submit without one;
 * with it, Submit stays disabled until one is chosen. Posts the choice to /login. Its words are
 * the auth namespace's; the error comes in the page's language from the server.
 */
export function OrgSelectDialog({ ticket, orgs, error }: { ticket: string; orgs: OrgOption[]; error?: string | null }) {
  const { t } = useTranslation('auth')
  const [selected, setSelected] = useState<string | null>(null)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 px-4">
      <div role="dialog" aria-modal="true" aria-labelledby="org-select-title" aria-describedby="org-select-text" className="w-full max-w-sm rounded-lg bg-white p-6 shadow-xl">
        <h2 id="org-select-title" className="text-lg font-semibold">
          {t('selectOrgTitle')}
        </h2>
        <p id="org-select-text" className="mt-1 text-slate-600">
          {t('selectOrgMessage')}
        </p>
        <Form method="post" action="/login" className="mt-4 flex flex-col gap-3">
          <input type="hidden" name="intent" value="select-org" />
          <input type="hidden" name="ticket" value={ticket} />
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">{t('organisations')}</legend>
            {orgs.map((org) => (
              <label
                key={org.tenantId}
                className="flex cursor-pointer items-center gap-3 rounded border border-slate-200 px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand/10"
              >
                <input
                  type="radio"
                  name="tenantId"
                  value={org.tenantId}
                  required
                  onChange={() => setSelected(org.tenantId)}
                />
                <span>
                  <span className="block font-medium">{org.name}</span>
                  <span className="block text-xs text-slate-500">{org.orgId}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex gap-3">
            <a href="/login" className="flex-1 rounded border border-slate-300 px-4 py-2 text-center font-medium">
              {t('cancel')}
            </a>
            <button type="submit" disabled={hydrated && selected === null} className={`${primaryButtonClass} flex-1`}>
              {t('submit')}
            </button>
          </div>
        </Form>
      </div>
    </div>
  )
}
