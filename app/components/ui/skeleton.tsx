/** A grey placeholder block where content is on its way; hidden from screen readers. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden data-skeleton className={['animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none', className ?? 'h-4 w-full'].join(' ')} />
}

/**
 * Placeholder lines for a list or panel that is loading. Announced once as a status with its
 * label (for example 'Loading contacts'), so a screen reader hears why the area is empty.
 */
export function SkeletonLines({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        // The last line is shorter, as the last line of a paragraph is.
        <Skeleton key={index} className={index === lines - 1 && lines > 1 ? 'h-4 w-2/3' : 'h-4 w-full'} />
      ))}
    </div>
  )
}
