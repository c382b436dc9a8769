import type { ContactSearchItem } from '#server/contacts/search-contacts'

/** The contacts autocomplete (spec: contact/?autoComplete=true&q=), the same search as the list. */
export const CONTACT_SEARCH_PATH = '/contacts/autocomplete'

/**
 * The contacts matching typed text, from the autocomplete. "On failure the search returns an
 * empty result"; an aborted search (the text changed) rejects, so the caller can ignore it.
 */
export async function fetchContactSuggestions(query: string, signal: AbortSignal): Promise<ContactSearchItem[]> {
  try {
    const response = await fetch(`${CONTACT_SEARCH_PATH}?q=${encodeURIComponent(query)}`, { signal, headers: { Accept: 'application/json' } })
    return readItems(response.ok ? await response.json() : null)
  } catch (error) {
    if (signal.aborted) throw error
    return []
  }
}

function readItems(body: unknown): ContactSearchItem[] {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { items?: unknown }).items)) return []
  return ((body as { items: unknown[] }).items).flatMap((item) => {
    if (typeof item !== 'object' || item === null) return []
    const { id, label, email } = item as Record<string, unknown>
    if (typeof id !== 'string' || typeof label !== 'string') return []
    return [{ id, label, email: typeof email === 'string' ? email : null }]
  })
}
