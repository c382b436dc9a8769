import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { IDLE_SEQUENCE, nextSequenceState, type CacheClearStatus } from './cache-clear-sequence'

export const CACHE_CLEAR_PATH = '/cache/clear'

/** The notice's words (common.json): 'Cache cleared.', 'The cache could not be cleared.' */
const STATUS_KEYS = { executed: 'cacheCleared', failed: 'cacheNotCleared' } as const satisfies Record<Exclude<CacheClearStatus, 'standby'>, string>

/**
 * Listens for the hidden cache-clear sequence on staff screens and posts the clear. A plain
 * fetch, not a fetcher: a refused clear must show 'failed' here, not replace the screen with
 * an error page.
 */
export function CacheClearShortcut() {
  const { t } = useTranslation('common')
  const [status, setStatus] = useState<CacheClearStatus>('standby')
  const sequence = useRef(IDLE_SEQUENCE)

  useEffect(() => {
    let cancelled = false
    const onKeyDown = (event: KeyboardEvent) => {
      const step = nextSequenceState(sequence.current, event)
      sequence.current = step.state
      if (!step.trigger) return
      fetch(CACHE_CLEAR_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: '',
        credentials: 'same-origin',
      })
        .then(async (response) => {
          const body: unknown = response.ok ? await response.json() : null
          const done = typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'executed'
          if (!cancelled) setStatus(done ? 'executed' : 'failed')
        })
        .catch(() => {
          if (!cancelled) setStatus('failed')
        })
    }
    window.addEventListener('keydown', onKeyDown)
    return () => {
      cancelled = true
      window.removeEventListener('keydown', onKeyDown)
    }
  }, [])

  // Back to standby after a few seconds, so the notice does not stay on the screen.
  useEffect(() => {
    if (status === 'standby') return
    const timer = window.setTimeout(() => setStatus('standby'), 4000)
    return () => window.clearTimeout(timer)
  }, [status])

  return (
    <div role="status" aria-live="polite" data-cache-clear={status} className="pointer-events-none fixed bottom-4 right-4 z-50">
      {status === 'standby' ? null : (
        <p className={`rounded-md px-3 py-2 text-sm font-medium text-white shadow-lg ${status === 'executed' ? 'bg-emerald-700' : 'bg-red-700'}`}>
          {t(STATUS_KEYS[status])}
        </p>
      )}
    </div>
  )
}
