/** Remembers a folded staff sidebar between pages; written by the browser, read by the layout loader. */
export const SIDEBAR_FOLDED_COOKIE = 'sidebar_folded'
