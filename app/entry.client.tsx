import { RemixBrowser } from '@remix-run/react'
import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { I18N_OPTIONS } from '#server/i18n/i18n-options'
import { I18N_BOOT_ID, type I18nBoot } from './utils/i18n'
import { fetchBackend } from './utils/i18n-fetch-backend'

/** The language and words the server drew the page with (root.tsx writes them). */
function readBoot(): I18nBoot {
  const text = document.getElementById(I18N_BOOT_ID)?.textContent
  if (!text) return { language: I18N_OPTIONS.fallbackLng, resources: {} }
  return JSON.parse(text) as I18nBoot
}

const boot = readBoot()
// Given the page's words, init finishes before it returns: the first render matches the server's.
void i18next
  .use(initReactI18next)
  .use(fetchBackend)
  .init({
    ...I18N_OPTIONS,
    lng: boot.language,
    ns: Object.keys(boot.resources),
    resources: { [boot.language]: boot.resources },
    // Namespaces not on the page come from the backend when a route asks for them.
    partialBundledLanguages: true,
    // Both languages have every key (a test checks), so the page never fetches English to fall back on.
    fallbackLng: false,
    load: 'currentOnly',
    initImmediate: false,
    // A route whose words are on their way draws once they arrive rather than suspending.
    react: { useSuspense: false, bindI18nStore: 'added' },
  })

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18next}>
        <RemixBrowser />
      </I18nextProvider>
    </StrictMode>,
  )
})
