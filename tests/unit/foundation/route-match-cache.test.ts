import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { compileRewritten } from './compile-rewritten'
import { withRouteMatchCache } from '#server/boot/route-match-cache'

const require = createRequire(import.meta.url)
const routerFile = require.resolve('@remix-run/router')

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] }
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route }
type RouterModule = {
  matchRoutes(routes: Route[], location: string, basename?: string): Match[] | null
  matchPath(pattern: { path: string; caseSensitive?: boolean; end?: boolean }, pathname: string): { params: Record<string, string | undefined>; pathname: string } | null
}

/** The installed router, compiled from the cached source as the server's loader hook compiles it. */
function loadPatchedRouter(): RouterModule {
  return compileRewritten<RouterModule>(routerFile, withRouteMatchCache)
}

/** A tree shaped like the product's: a layout with index, static, dynamic, optional and splat children, and pathless groups. */
const routes: Route[] = [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'home', index: true },
      { id: 'checkout', path: 'checkout' },
      { id: 'order', path: 'checkout/orders/:guId' },
      { id: 'admin', children: [
        { id: 'offers', path: 'offers' },
        { id: 'offer-new', path: 'offers/new' },
        { id: 'offer', path: 'offers/details/:guId' },
        { id: 'contact', path: 'contacts/:guId/detail' },
        { id: 'settings', path: 'settings', children: [{ id: 'settings-index', index: true }, { id: 'settings-splat', path: '*' }] },
      ] },
      { id: 'calendar-ics', path: 'calendar.ics' },
      { id: 'signup', path: 'signup/:classId/:clsStartTime' },
      { id: 'optional', path: 'lang/:locale?/about' },
      { id: 'Case', path: 'CaseOnly', caseSensitive: true },
      { id: 'page', path: ':page' },
      { id: 'splat', path: '*' },
    ],
  },
]

const paths = [
  '/', '/checkout', '/checkout/', '/checkout/orders/abc-123', '/offers', '/offers/new', '/offers/details/9f0c', '/OFFERS/NEW', '/contacts/x/detail',
  '/settings', '/settings/account/deeper', '/calendar.ics', '/signup/c1/20261201T070000', '/lang/about', '/lang/tr/about', '/caseonly', '/CaseOnly',
  '/about-us', '/a/b/c', '/%E2%9C%93', '/offers/details/', '//double//slashes',
]

const described = (matches: Match[] | null) => matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, base: match.pathnameBase })) ?? null

describe('route matching with its results kept (decisions 115 and 151)', () => {
  const original = require('@remix-run/router') as RouterModule
  const patched = loadPatchedRouter()

  it.each(paths)('matches %s exactly as the router always has, the first time and again', (path) => {
    const expected = described(original.matchRoutes(routes, path))
    expect(described(patched.matchRoutes(routes, path))).toEqual(expected)
    expect(described(patched.matchRoutes(routes, path))).toEqual(expected)
    expect(described(patched.matchRoutes(routes, path, '/base'))).toEqual(described(original.matchRoutes(routes, path, '/base')))
  })

  it('keeps compiled patterns apart by their flags', () => {
    for (const pattern of [{ path: '/offers' }, { path: '/offers', end: false }, { path: '/Offers', caseSensitive: true }, { path: '/offers/:id?' }, { path: '/files/*' }]) {
      for (const pathname of ['/offers', '/offers/x', '/OFFERS', '/files/a/b']) {
        expect(patched.matchPath(pattern, pathname)).toEqual(original.matchPath(pattern, pathname))
      }
    }
  })

  it('answers a route tree it has not seen with that tree, not an earlier one', () => {
    const other: Route[] = [{ id: 'only', path: 'only' }]
    expect(described(patched.matchRoutes(routes, '/only'))?.at(-1)?.id).toBe('page')
    expect(described(patched.matchRoutes(other, '/only'))?.map((match) => match.id)).toEqual(['only'])
  })

  it('answers a copy of a tree (a new array every render) with the copy\'s own routes', () => {
    const copy = structuredClone(routes)
    for (const path of paths) {
      patched.matchRoutes(routes, path)
      const matches = patched.matchRoutes(copy, path)
      expect(described(matches)).toEqual(described(original.matchRoutes(copy, path)))
      let siblings: Route[] = copy
      for (const match of matches ?? []) {
        expect(siblings).toContain(match.route)
        siblings = match.route.children ?? []
      }
    }
  })

  it('gives each call its own params, shared by its matches as the router shares them', () => {
    const first = patched.matchRoutes(routes, '/checkout/orders/abc')
    const second = patched.matchRoutes(routes, '/checkout/orders/abc')
    if (!first || !second) throw new Error('the order page did not match')
    expect(new Set(first.map((match) => match.params)).size).toBe(1)
    const firstParams = first[0]?.params ?? {}
    firstParams.guId = 'changed'
    expect(second.at(-1)?.params.guId).toBe('abc')
    expect(patched.matchRoutes(routes, '/checkout/orders/abc')?.at(-1)?.params.guId).toBe('abc')
  })

  it('leaves a router without the expected code alone', () => {
    expect(withRouteMatchCache('function somethingElse() {}')).toBeNull()
  })
})
