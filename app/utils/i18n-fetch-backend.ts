import type { BackendModule, ReadCallback } from 'i18next'

/**
 * Loads a namespace the page did not bring (a route reached in the browser that draws with
 * words the first page did not need) from /locales/{language}/{namespace}.
 */
export const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}`, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`words for ${language}/${namespace}: ${response.status}`)
        callback(null, (await response.json()) as Record<string, string>)
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false))
  },
}
