/**
 * Addresses of the website builder and its editor. Kept out of the .server modules because the
 * screens draw links with them in the browser too, where .server modules do not exist.
 */

export const WEBSITE_PATH = '/website'

export function builderPagePath(name: string, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams({ page: name, ...extra })
  return `${WEBSITE_PATH}?${search.toString()}`
}

export function editorPath(name: string, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams(extra).toString()
  return `/website/edit/${encodeURIComponent(name)}${search ? `?${search}` : ''}`
}
