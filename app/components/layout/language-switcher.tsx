import { Form, useLocation } from '@remix-run/react'
import { Languages } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { LANGUAGE_NAMES, LANGUAGES } from '#server/i18n/languages'

/**
 * English | Türkçe: each a submit button of one plain form, so the switch works without
 * JavaScript; the page comes back drawn in the chosen language (a full load, since every
 * word on it changes).
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation()
  const location = useLocation()
  return (
    <Form method="post" action="/language" reloadDocument className={`flex items-center gap-1 ${className}`} aria-label={t('languageSwitcher')}>
      <Languages aria-hidden className="h-3.5 w-3.5 opacity-80" />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {LANGUAGES.map((language) => {
        const current = i18n.language === language
        return (
          <button
            key={language}
            type="submit"
            name="language"
            value={language}
            lang={language}
            aria-pressed={current}
            className={`rounded px-1.5 py-0.5 ${current ? 'font-semibold underline underline-offset-2' : 'opacity-90 hover:opacity-100 hover:underline'}`}
          >
            {LANGUAGE_NAMES[language]}
          </button>
        )
      })}
    </Form>
  )
}
