import { useState } from 'react'
import type { ToastView } from '#app/components/ui/toast'

/**
 * The state of one card attempt in a page (pay, or save a card): busy while it runs, and a
 * refusal shown as a toast and under the card fields (spec 001: card errors inline under the
 * card element and as a toast). The element shows its own field checks, so those go to the
 * toast only.
 */
export function useCardAttempt() {
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [toast, setToast] = useState<ToastView | null>(null)
  return {
    busy,
    problem,
    toast,
    start() {
      setBusy(true)
      setProblem(null)
      setToast(null)
    },
    fail(message: string, options: { shownByElement?: boolean } = {}) {
      setProblem(options.shownByElement ? null : message)
      setToast({ type: 'error', message })
      setBusy(false)
    },
    done() {
      setBusy(false)
    },
    clearProblem() {
      setProblem(null)
    },
  }
}
