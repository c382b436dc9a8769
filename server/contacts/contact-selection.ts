import { z } from 'zod'
import { err, ok, type WordedResult } from '#server/errors/result'
import { contactListSearch, parseContactListFilter, type ContactListFilter } from './contact-list-filter'

/**
 * Which contacts a bulk action (delete, tag, export) is for, read from the list's one form:
 * the rows ticked (`id`, guIds), the whole page (`selectPage` with the page's `pageId`s, so
 * the header box works without JavaScript too), or every contact that matches the filter
 * (`all=1` with the list's own filter parameters: never a list of 100,000 ids).
 */
export type ContactSelection = { kind: 'ids'; guIds: string[] } | { kind: 'all'; filter: ContactListFilter }

/** More than any page holds (150) with room to spare; beyond it, 'all that match' is the way. */
export const MAX_SELECTED_IDS = 500

/** Why a selection is refused; the page shows it in its language. */
export const CONTACT_SELECTION_MESSAGES = {
  filterUnread: (ignored: string) => `The filter could not be read (${ignored}); nothing was changed.`,
  unreadable: 'A selected contact could not be read; nothing was changed.',
  none: 'Select at least one contact.',
  tooMany: `Select at most ${MAX_SELECTED_IDS} contacts, or all that match the filter.`,
  fieldGone: 'The custom field in the filter no longer exists; nothing was changed.',
  nothingChanged: (problem: string) => `${problem} Nothing was changed.`,
  chooseBulk: 'Choose Delete, Tag or Export for the selected contacts.',
  chooseDeleteOrTag: 'Choose Delete or Tag for the selected contacts.',
}

const guid = z.string().uuid()

/** Reads the selection from a GET's search parameters or a POST's form fields. */
export function parseContactSelection(params: URLSearchParams): WordedResult<ContactSelection, 'invalid_input'> {
  if (params.get('all') === '1') {
    const { filter, ignored } = parseContactListFilter(params)
    // Acting on 'all that match' a filter that was partly not understood would reach people
    // the person never saw listed: refused rather than widened.
    if (ignored.length > 0) return err('invalid_input', CONTACT_SELECTION_MESSAGES.filterUnread(ignored.join(', ')))
    return ok({ kind: 'all', filter: { ...filter, page: 1 } })
  }
  const wanted = [...params.getAll('id'), ...(params.get('selectPage') === '1' ? params.getAll('pageId') : [])]
  const guIds: string[] = []
  for (const value of wanted) {
    const parsed = guid.safeParse(value.trim())
    if (!parsed.success) return err('invalid_input', CONTACT_SELECTION_MESSAGES.unreadable)
    const id = parsed.data.toLowerCase()
    if (!guIds.includes(id)) guIds.push(id)
  }
  if (guIds.length === 0) return err('invalid_input', CONTACT_SELECTION_MESSAGES.none)
  if (guIds.length > MAX_SELECTED_IDS) return err('invalid_input', CONTACT_SELECTION_MESSAGES.tooMany)
  return ok({ kind: 'ids', guIds })
}

/** The selection as parameters again: hidden fields of a confirmation, the export's address. */
export function contactSelectionParams(selection: ContactSelection): URLSearchParams {
  if (selection.kind === 'ids') return new URLSearchParams(selection.guIds.map((id) => ['id', id]))
  const params = new URLSearchParams(contactListSearch(selection.filter, { page: 1 }))
  params.set('all', '1')
  return params
}

/**
 * The fields a confirmation carries on to the action: the selection, and the list's filter and
 * page so that the person comes back to the list they were on.
 */
export function carriedSelectionFields(filter: ContactListFilter, selection: ContactSelection): Array<[string, string]> {
  const carried = contactSelectionParams(selection)
  if (selection.kind === 'ids') {
    for (const [name, value] of new URLSearchParams(contactListSearch(filter))) carried.append(name, value)
  } else if (filter.page > 1) {
    // 'All that match' starts at page 1; the page the person was on is where they return.
    carried.set('page', String(filter.page))
  }
  return [...carried.entries()]
}
