import { useEffect, useRef, useState } from 'react'
import type { ContactSearchItem } from '#server/contacts/search-contacts'
import { fetchContactSuggestions } from './contact-suggestions'

/**
 * The contacts matching what is typed, searched a pause after the typing stops. `searched`
 * says a search has answered for the current text (so "No Record Found" can show);
 * `settle(text)` records text the page wrote itself (a chosen name), so it is not searched.
 */
export function useContactSuggestions(text: string, debounceMs: number, excludeIds: readonly string[] = []) {
  const [items, setItems] = useState<ContactSearchItem[]>([])
  const [searched, setSearched] = useState(false)
  // The last text a search ran for (or the page wrote): search only when the text changed.
  const lastQuery = useRef('')
  const excluded = useRef(excludeIds)
  excluded.current = excludeIds

  useEffect(() => {
    const query = text.trim()
    if (query === lastQuery.current) return
    const controller = new AbortController()
    const timer = window.setTimeout(async () => {
      lastQuery.current = query
      if (!query) {
        setItems([])
        setSearched(false)
        return
      }
      try {
        const found = await fetchContactSuggestions(query, controller.signal)
        setItems(found.filter((item) => !excluded.current.includes(item.id)))
      } catch {
        // Aborted: the text changed and a newer search is on its way.
        return
      }
      setSearched(true)
    }, debounceMs)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [text, debounceMs])

  const clear = () => {
    setItems([])
    setSearched(false)
  }
  const settle = (written: string) => {
    lastQuery.current = written.trim()
    clear()
  }
  return { items, searched, clear, settle }
}
