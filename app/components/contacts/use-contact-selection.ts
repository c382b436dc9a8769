import { useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { ContactSelection } from '#server/contacts/contact-selection'

/** The ticked rows of the contacts list, kept in the page (with JavaScript). */
export interface ContactRowsSelection {
  selected: ReadonlySet<string>
  /** Every contact that matches the filter, not only those on this page. */
  allMatching: boolean
  /** How many contacts an action would reach. */
  count: number
  pageState: 'none' | 'some' | 'all'
  toggle(guId: string, checked: boolean): void
  togglePage(checked: boolean): void
  selectAllMatching(): void
  clear(): void
  /** The selection as the bulk actions read it, or null when nothing is selected. */
  selection: ContactSelection | null
}

/**
 * Selection state for one page of the list. It starts empty on every visit of the list (a
 * new filter, page or a finished action), so nothing chosen earlier is acted on unseen.
 */
export function useContactSelection(pageGuIds: string[], total: number, filter: Extract<ContactSelection, { kind: 'all' }>['filter']): ContactRowsSelection {
  const location = useLocation()
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [allMatching, setAllMatching] = useState(false)
  useEffect(() => {
    setSelected(new Set())
    setAllMatching(false)
  }, [location.key])

  const onPage = pageGuIds.filter((id) => selected.has(id)).length
  const pageState = allMatching || (onPage > 0 && onPage === pageGuIds.length) ? 'all' : onPage > 0 ? 'some' : 'none'
  const count = allMatching ? total : selected.size
  return {
    selected,
    allMatching,
    count,
    pageState,
    toggle(guId, checked) {
      // Unticking one row of 'all that match' leaves the rest of the page ticked.
      const next = new Set(allMatching ? pageGuIds : selected)
      if (checked) next.add(guId)
      else next.delete(guId)
      setAllMatching(false)
      setSelected(next)
    },
    togglePage(checked) {
      setAllMatching(false)
      setSelected(checked ? new Set(pageGuIds) : new Set())
    },
    selectAllMatching() {
      setSelected(new Set(pageGuIds))
      setAllMatching(true)
    },
    clear() {
      setAllMatching(false)
      setSelected(new Set())
    },
    selection: allMatching ? { kind: 'all', filter: { ...filter, page: 1 } } : selected.size > 0 ? { kind: 'ids', guIds: [...selected] } : null,
  }
}
