/**
 * The SEO URL rule of spec 000 section 5. Beyond the spec's list, any other ASCII punctuation
 * is dropped too: '?', '#' or '/' would change what the URL means.
 */
export function seoSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, '-and-')
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
}
