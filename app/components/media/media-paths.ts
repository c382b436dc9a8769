/** The media gallery's staff screen (Website > Media Gallery). */
export const MEDIA_PATH = '/website/media'

/** A page of the grid, as an address: page 1 is the bare path. */
export function mediaPagePath(page: number): string {
  return page > 1 ? `${MEDIA_PATH}?page=${page}` : MEDIA_PATH
}

/** One item's dialog (edit, or its delete confirmation) over the grid's page. */
export function mediaItemPath(guid: string, page: number, confirmDelete = false): string {
  const query = new URLSearchParams()
  if (page > 1) query.set('page', String(page))
  if (confirmDelete) query.set('confirm', 'delete')
  const text = query.toString()
  return `${MEDIA_PATH}/${guid}${text ? `?${text}` : ''}`
}
