import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

export interface FranchiseOption {
  id: string
  orgId: string
  name: string
}

/** 'Switch franchise' (staff of a master franchise; shown only when franchises exist). */
export function FranchiseSwitchMenu({ franchises }: { franchises: FranchiseOption[] }) {
  const { t } = useTranslation('auth')
  if (franchises.length === 0) return null
  return (
    <Form method="post" action="/franchise/switch" className="flex items-center gap-2">
      <label htmlFor="franchise-switch" className="text-sm font-medium">
        {t('switchFranchise', { ns: 'common' })}
      </label>
      <select id="franchise-switch" name="tenantId" required defaultValue="" className="rounded border border-slate-300 px-2 py-1 text-sm">
        <option value="" disabled>
          {t('chooseFranchise')}
        </option>
        {franchises.map((franchise) => (
          <option key={franchise.id} value={franchise.id}>
            {franchise.name} ({franchise.orgId})
          </option>
        ))}
      </select>
      <button type="submit" className="rounded border border-slate-300 px-3 py-1 text-sm font-medium">
        {t('switch')}
      </button>
    </Form>
  )
}

/** 'Master View': only in franchise login mode; back to the master franchise's dashboard. */
export function MasterViewButton({ className = 'rounded bg-brand px-3 py-1.5 text-sm font-medium text-white' }: { className?: string }) {
  const { t } = useTranslation()
  return (
    <Form method="post" action="/franchise/master-view">
      <button type="submit" className={className}>
        {t('masterView')}
      </button>
    </Form>
  )
}
