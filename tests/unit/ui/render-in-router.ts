import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { I18nextProvider } from 'react-i18next'
import { translatorFor } from '#server/i18n/server-translator'
import type { Language } from '#server/i18n/languages'

/**
 * The markup the server sends for one element, inside a router like Remix's (links and navigation
 * need one) and the page's words in `language`, as the root route gives every page.
 */
export async function renderInRouter(element: ReactElement, url = 'http://studio.localhost/here', language: Language = 'en'): Promise<string> {
  const handler = createStaticHandler([{ path: '*', element: createElement(I18nextProvider, { i18n: translatorFor(language) }, element) }])
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error('unexpected redirect')
  return renderToStaticMarkup(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }))
}

export type Tag = { name: string; attributes: Record<string, string> }

/**
 * Every opening tag of server markup with its attributes (names lower-cased, as HTML reads them),
 * in document order. React writes attributes double-quoted with quotes escaped, which is all this reads.
 */
export function tagsOf(html: string): Tag[] {
  return [...html.matchAll(/<([a-z][a-z0-9]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/g)].map(([, name, rest]) => ({
    name: name ?? '',
    attributes: Object.fromEntries([...(rest ?? '').matchAll(/([^\s=>]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [(key ?? '').toLowerCase(), value ?? ''])),
  }))
}

/** The one tag that matches; fails the test when there is none or more than one. */
export function onlyTag(html: string, match: (tag: Tag) => boolean): Tag {
  const found = tagsOf(html).filter(match)
  if (found.length !== 1) throw new Error(`expected one matching tag, found ${found.length} in ${html}`)
  return found[0] as Tag
}

/** The text between an element with this id and its closing tag (no nesting of the same tag inside). */
export function textOfId(html: string, id: string): string {
  const match = html.match(new RegExp(`<([a-z0-9]+)[^>]*\\sid="${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>([\\s\\S]*?)</\\1>`))
  return (match?.[2] ?? '').replace(/<[^>]+>/g, '')
}
