/**
 * Structured data for search engines. `text` comes from jsonLdScriptText on the server, which
 * escapes '<', '>' and '&', so nothing in a tenant's item names can close the element.
 */
export function JsonLdScript({ text }: { text: string }) {
  // A data block, not code: browsers do not run it, so the page's script policy does not apply.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: text }} />
}
