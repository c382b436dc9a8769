import type { BackendModule, ReadCallback } from 'i18next'

/** The build the page came from: the words of a build never change, so they may be kept. */
function buildVersion(): string {
  const manifest = (window as { __remixManifest?: { version?: unknown } }).__remixManifest
  return typeof manifest?.version === 'string' ? manifest.version : ''
}

/**
 * Loads a namespace the page did not bring (a route reached in the browser that draws with
 * words the first page did not need) from /locales/{language}/{namespace}?v={build}.
 */
export const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}?v=${encodeURIComponent(buildVersion())}`, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`words for ${language}/${namespace}: ${response.status}`)
        callback(null, (await response.json()) as Record<string, string>)
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false))
  },
}
