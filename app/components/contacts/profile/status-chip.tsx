import type { ReactNode } from 'react'

const TONES = {
  plain: 'bg-slate-100 text-slate-700',
  warning: 'bg-amber-100 text-amber-900',
  muted: 'bg-slate-700 text-white',
  brand: 'bg-brand/10 text-brand-text',
} as const

/** A small rounded label: a status, 'Walk-in', 'Archived', 'Emergency contact'. */
export function StatusChip({ tone = 'plain', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return <span className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{children}</span>
}
