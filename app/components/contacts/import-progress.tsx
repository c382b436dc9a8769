import type { ImportSummary } from '#server/contacts/import/import-view'
import { useContactsWords } from './use-contacts-words'

/** How far an import has got: a bar with rows done of the total, named for screen readers. */
export function ImportProgress({ summary, compact = false }: { summary: Pick<ImportSummary, 'rowsDone' | 'totalRows' | 'percent' | 'status'>; compact?: boolean }) {
  const { t, shown } = useContactsWords()
  const label = t('import_rowsOf', { done: shown(summary.rowsDone), total: shown(summary.totalRows) })
  const percent = t('import_percent', { shown: shown(summary.percent) })
  const colour = summary.status === 'failed' ? 'bg-red-600' : summary.status === 'done' ? 'bg-emerald-600' : 'bg-brand'
  return (
    <div className={compact ? 'flex min-w-32 flex-col gap-1' : 'flex flex-col gap-2'}>
      <div
        role="progressbar"
        aria-label={t('import_rowsImported')}
        aria-valuemin={0}
        aria-valuemax={summary.totalRows}
        aria-valuenow={summary.rowsDone}
        aria-valuetext={`${label} (${percent})`}
        className={`overflow-hidden rounded-full bg-slate-200 ${compact ? 'h-1.5' : 'h-3'}`}
      >
        <div className={`h-full rounded-full ${colour} transition-[width] duration-500 motion-reduce:transition-none`} style={{ width: `${summary.percent}%` }} />
      </div>
      <p className={compact ? 'text-xs text-slate-600' : 'text-sm text-slate-700'}>
        {label} <span className="text-slate-500">({percent})</span>
      </p>
    </div>
  )
}
