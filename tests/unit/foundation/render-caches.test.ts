import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { compileRewritten } from './compile-rewritten'
import { withIconsKept } from '#server/boot/icon-render-cache'
import { withEntryRouteModulesKept, withServerRoutesKept, withStaticDataRoutesKept } from '#server/boot/render-routes-cache'

const require = createRequire(import.meta.url)

describe('Remix route tables kept per build', () => {
  it('finds the lines it replaces in the installed Remix', () => {
    const entryFile = require.resolve('@remix-run/server-runtime/dist/entry.js')
    const serverFile = require.resolve('@remix-run/react/dist/server.js')
    expect(withEntryRouteModulesKept(readFileSync(entryFile, 'utf8'))).not.toBeNull()
    expect(withServerRoutesKept(readFileSync(serverFile, 'utf8'))).not.toBeNull()
    expect(withEntryRouteModulesKept('function other() {}')).toBeNull()
    expect(withServerRoutesKept('function other() {}')).toBeNull()
    expect(withStaticDataRoutesKept(readFileSync(require.resolve('react-router-dom/server'), 'utf8'))).not.toBeNull()
    expect(withStaticDataRoutesKept('function other() {}')).toBeNull()
  })

  it('gives the same route modules for one build, and a build of its own to another', () => {
    const entry = compileRewritten<{ createEntryRouteModules(manifest: Record<string, { module: object }>): Record<string, object> }>(
      require.resolve('@remix-run/server-runtime/dist/entry.js'),
      withEntryRouteModulesKept,
    )
    const [root, page] = [{ default: 'root' }, { default: 'page' }]
    const build = { root: { module: root }, 'routes/page': { module: page } }
    const modules = entry.createEntryRouteModules(build)
    expect(modules).toEqual({ root, 'routes/page': page })
    expect(entry.createEntryRouteModules(build)).toBe(modules)
    const rebuilt = { root: { module: { default: 'root, rebuilt' } } }
    expect(entry.createEntryRouteModules(rebuilt)).toEqual({ root: rebuilt.root.module })
  })
})

describe("the static router's data routes kept per route array", () => {
  type StaticServer = typeof import('react-router-dom/server')

  it('renders each page as React Router does, with one set of data routes for one route array', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server')
    const { createElement } = await import('react')
    const { Outlet, useLoaderData, useParams } = await import('react-router-dom')
    const kept = compileRewritten<StaticServer>(require.resolve('react-router-dom/server'), withStaticDataRoutesKept)
    const plain = require('react-router-dom/server') as StaticServer
    const Layout = () => createElement('main', null, createElement(Outlet))
    const Order = () => createElement('p', null, `${useParams().guid} ${String(useLoaderData())}`)
    const routes = [
      {
        id: 'root',
        path: '/',
        element: createElement(Layout),
        children: [
          { id: 'home', index: true, element: createElement('h1', null, 'Home') },
          { id: 'order', path: 'orders/:guid', loader: () => 'paid', element: createElement(Order) },
        ],
      },
    ]
    // One handler per module, as one per build: the kept module renders every page from one set of data routes.
    const handlers = new Map([kept, plain].map((server) => [server, server.createStaticHandler(routes)]))
    const render = async (server: StaticServer, path: string) => {
      const handler = handlers.get(server)
      if (!handler) throw new Error('no handler')
      const context = await handler.query(new Request(`http://studio.test${path}`))
      if (context instanceof Response) throw new Error(`${path} answered a response`)
      const router = server.createStaticRouter(handler.dataRoutes, context)
      return { router, html: renderToStaticMarkup(createElement(server.StaticRouterProvider, { router, context })) }
    }
    for (const path of ['/', '/orders/a1', '/orders/b2', '/']) {
      const [mine, theirs] = [await render(kept, path), await render(plain, path)]
      expect(mine.html).toBe(theirs.html)
    }
    const handler = kept.createStaticHandler(routes)
    const context = await handler.query(new Request('http://studio.test/orders/c3'))
    if (context instanceof Response) throw new Error('the order answered a response')
    const first = kept.createStaticRouter(handler.dataRoutes, context)
    expect(kept.createStaticRouter(handler.dataRoutes, context).routes).toBe(first.routes)
    expect(first.routes).not.toBe(kept.createStaticRouter(kept.createStaticHandler(routes).dataRoutes, context).routes)
  })
})

describe('lucide icons kept per icon and plain props', () => {
  type IconComponent = (props: Record<string, unknown>) => unknown
  const lucideFile = require.resolve('lucide-react')

  it('finds the lines it replaces in the installed lucide-react', () => {
    expect(withIconsKept(readFileSync(lucideFile, 'utf8'))).not.toBeNull()
    expect(withIconsKept('const Icon = 1')).toBeNull()
  })

  it('renders every icon exactly as lucide does, with handlers and styles built afresh', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server')
    const { createElement } = await import('react')
    const kept = compileRewritten<Record<string, IconComponent>>(lucideFile, withIconsKept)
    const plain = require('lucide-react') as Record<string, IconComponent>
    const propsToTry: Record<string, unknown>[] = [
      {},
      { className: 'h-4 w-4', 'aria-hidden': true },
      { className: 'h-4 w-4', 'aria-hidden': true },
      { size: 16, strokeWidth: 1.5, color: 'red' },
      { 'aria-label': 'Close', role: 'img' },
      { className: 'h-4 w-4', style: { color: 'blue' } },
      { absoluteStrokeWidth: true, size: 48 },
    ]
    for (const name of ['Pencil', 'ArrowUp', 'Menu', 'X', 'ChevronDown']) {
      for (const props of propsToTry) {
        for (let round = 0; round < 2; round++) {
          const keptIcon = kept[name]
          const plainIcon = plain[name]
          if (!keptIcon || !plainIcon) throw new Error(`lucide-react has no ${name}`)
          expect(renderToStaticMarkup(createElement(keptIcon as never, props))).toBe(renderToStaticMarkup(createElement(plainIcon as never, props)))
        }
      }
    }
  })
})
