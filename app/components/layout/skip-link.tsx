import { useTranslation } from 'react-i18next'

/**
 * "Skip to main content": the first tab stop of every layout, shown when it has the focus,
 * so a keyboard user passes the menus in one key press. Every layout's <main> is #main.
 */
export function SkipLink() {
  const { t } = useTranslation()
  return (
    <a href="#main" className="skip-link">
      {t('skipToContent')}
    </a>
  )
}
