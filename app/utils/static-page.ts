import type { UIMatch } from '@remix-run/react'

/**
 * A route may say that, for the data it loaded, the page is complete as the server drew it:
 * `handle: { hydrates: (data) => false }`. The root then sends no scripts at all (no React, no
 * route data), which is what a visitor on a slow phone wants from a page of text and pictures.
 * Every such page must work without JavaScript, as every visitor page already does.
 */
export interface HydrationHandle<Data> {
  hydrates(data: Data | undefined): boolean
}

function hydratesOf(handle: unknown): ((data: unknown) => boolean) | null {
  if (typeof handle !== 'object' || handle === null || !('hydrates' in handle)) return null
  const hydrates = (handle as { hydrates: unknown }).hydrates
  return typeof hydrates === 'function' ? (hydrates as (data: unknown) => boolean) : null
}

/** Whether the page needs its scripts: true unless a matched route says otherwise. */
export function pageHydrates(matches: readonly UIMatch[]): boolean {
  return matches.every((match) => hydratesOf(match.handle)?.(match.data) ?? true)
}
