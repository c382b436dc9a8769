import { useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

const PROGRESS_KEYFRAMES = '@keyframes route-progress{0%{transform:translateX(-100%)}100%{transform:translateX(300%)}}'

/**
 * A thin bar at the top of the window while a page or form is loading ("shows on route start;
 * hides on route end, cancel or error"). Quick navigations finish before it appears, so it
 * only shows when someone is actually waiting.
 */
export function ProgressBar() {
  const { t } = useTranslation('common')
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    if (!busy) {
      setVisible(false)
      return
    }
    const timer = window.setTimeout(() => setVisible(true), 150)
    return () => window.clearTimeout(timer)
  }, [busy])

  return (
    <div
      role="progressbar"
      aria-label={t('loading')}
      aria-hidden={!visible}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity duration-300 ${
        visible ? 'opacity-100' : 'opacity-0'
      }`}
    >
      <style>{PROGRESS_KEYFRAMES}</style>
      <div className={`h-full w-1/3 bg-brand ${visible ? 'animate-[route-progress_1.2s_ease-in-out_infinite]' : ''}`} />
    </div>
  )
}
