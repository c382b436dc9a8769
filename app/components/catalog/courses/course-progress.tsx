import { useTranslation } from 'react-i18next'
/** How far a student is through a course: a bar and 'n of m chapters complete'. */
export function CourseProgress({ done, total, label }: { done: number; total: number; label: string }) {
  const { t } = useTranslation('portal')
  const percent = total === 0 ? 0 : Math.round((Math.min(done, total) / total) * 100)
  return (
    <div className="flex flex-col gap-1.5">
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-600">
        {t(total === 1 ? 'chapterComplete' : 'chaptersComplete', { done, total, percent })}
      </p>
    </div>
  )
}
