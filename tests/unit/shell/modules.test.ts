import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { requireModule } from '#app/utils/auth.server'
import { isModuleOn, isStaffPathOn, MODULE_NAMES, MODULES, moduleOfStaffPath, type ModuleName } from '#server/shell/modules'
import { tenantSettingsSchema } from '#server/tenancy/tenant-settings'
import { routeTable } from '#tests/support/route-table'

const settingsWith = (changes: Record<string, unknown>) => tenantSettingsSchema.parse(changes)
const contextWith = (changes: Record<string, unknown>) => ({ tenant: { settings: settingsWith(changes) } }) as unknown as AppLoadContext

function thrownBy(run: () => void): number | 'pass' {
  try {
    run()
    return 'pass'
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    throw thrown
  }
}

describe('the module table (Manage Modules)', () => {
  it.each(MODULE_NAMES)('%s: off makes its staff screens 404 through requireModule; on lets them through', (name) => {
    const { flag, staffPaths } = MODULES[name]
    const off = settingsWith({ [flag]: false })
    expect(isModuleOn(off, name)).toBe(false)
    expect(isModuleOn(settingsWith({ [flag]: true }), name)).toBe(true)
    for (const path of staffPaths) {
      expect(moduleOfStaffPath(`${path}/some/deeper/screen?x=1`)).toBe(name)
      expect(isStaffPathOn(off, path)).toBe(false)
    }
    expect(thrownBy(() => requireModule(contextWith({ [flag]: false }), name))).toBe(404)
    expect(thrownBy(() => requireModule(contextWith({ [flag]: true }), name))).toBe('pass')
    // Only its own module: every other screen stays open.
    for (const other of MODULE_NAMES.filter((candidate) => candidate !== name)) {
      expect(thrownBy(() => requireModule(contextWith({ [flag]: false }), other))).toBe('pass')
    }
  })

  it('leaves screens outside any module open whatever the flags', () => {
    const allOff = settingsWith(Object.fromEntries(MODULE_NAMES.map((name) => [MODULES[name].flag, false])))
    for (const path of ['/dashboard', '/calendar', '/settings/display', '/contacts', '/profile']) {
      expect(moduleOfStaffPath(path)).toBeNull()
      expect(isStaffPathOn(allOff, path)).toBe(true)
    }
  })

  it('gives no two modules the same address', () => {
    const segments = MODULE_NAMES.flatMap((name) => MODULES[name].staffPaths.map((path) => path.split('/')[1]))
    expect(new Set(segments).size).toBe(segments.length)
  })
})

/**
 * Every route file under a module's address calls requireModule(context, '<module>') in each
 * loader and action: a new screen of a module cannot forget its guard.
 */
describe('route files under a module address', async () => {
  const routes = await routeTable()
  const guarded = routes
    .map((route) => ({ file: route.file, module: moduleOfStaffPath(`/${route.urlPath.split('/')[1] ?? ''}`) }))
    .filter((route): route is { file: string; module: ModuleName } => route.module !== null)

  it('finds the forms screens', () => {
    expect(guarded.filter((route) => route.module === 'forms').length).toBeGreaterThanOrEqual(7)
  })

  it.each(guarded.map((route) => [route.file, route.module] as const))('%s calls requireModule for %s in every loader and action', (file, module) => {
    const source = readFileSync(join(process.cwd(), 'app/routes', file), 'utf8')
    const handlers = source.match(/export (async )?function (loader|action)\b/g) ?? []
    const guards = source.match(new RegExp(`requireModule\\(context, '${module}'\\)`, 'g')) ?? []
    expect(handlers.length).toBeGreaterThan(0)
    expect(guards.length).toBe(handlers.length)
  })
})
