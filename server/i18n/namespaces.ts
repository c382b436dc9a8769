/** The groups of words, one per area of screens; a page loads only the ones it draws with. */
export const NAMESPACES = ['common', 'forms', 'checkout', 'auth', 'portal', 'listings', 'staff', 'emails', 'settings', 'contacts', 'documents', 'catalog', 'billing', 'integrations', 'website', 'formbuilder', 'templates', 'platform'] as const

export type Namespace = (typeof NAMESPACES)[number]

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === 'string' && (NAMESPACES as readonly string[]).includes(value)
}
