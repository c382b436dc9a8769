import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { compileRewritten } from './compile-rewritten'
import { withIconsKept } from '#server/boot/icon-render-cache'
import { withEntryRouteModulesKept, withServerRoutesKept } from '#server/boot/render-routes-cache'

const require = createRequire(import.meta.url)

describe('Remix route tables kept per build', () => {
  it('finds the lines it replaces in the installed Remix', () => {
    const entryFile = require.resolve('@remix-run/server-runtime/dist/entry.js')
    const serverFile = require.resolve('@remix-run/react/dist/server.js')
    expect(withEntryRouteModulesKept(readFileSync(entryFile, 'utf8'))).not.toBeNull()
    expect(withServerRoutesKept(readFileSync(serverFile, 'utf8'))).not.toBeNull()
    expect(withEntryRouteModulesKept('function other() {}')).toBeNull()
    expect(withServerRoutesKept('function other() {}')).toBeNull()
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
