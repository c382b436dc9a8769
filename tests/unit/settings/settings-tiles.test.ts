import { describe, expect, it } from 'vitest'
import { SETTINGS_TILES, settingsTilesFor } from '#server/settings/settings-tiles'
import { routeTable } from '#tests/support/route-table'

/** Whether a staff screen (a route under the staff layout) answers the tile's path. */
async function routeExists(path: string): Promise<boolean> {
  return (await routeTable()).some((route) => route.id.startsWith('routes/_admin+/') && route.urlPath === path)
}

describe('settings home tiles', () => {
  it('are in the spec order, with Student App after Module Settings and Widgets last', () => {
    expect(SETTINGS_TILES.map((tile) => tile.title)).toEqual([
      'Account', 'Website', 'Module Settings', 'Student App', 'Payment Settings', 'Integrations', 'Users', 'Roles',
      'Custom Fields', 'Franchise', 'Templates', 'Plans', 'Widgets',
    ])
  })

  it.each(SETTINGS_TILES.map((tile) => [tile.title, tile] as const))('%s is shown exactly when its screen exists', async (_title, tile) => {
    expect(tile.built, `${tile.path}: flip "built" in server/settings/settings-tiles.ts when its route lands`).toBe(await routeExists(tile.path))
  })

  it('shows Franchise only to a master franchise', () => {
    const withFranchise = SETTINGS_TILES.map((tile) => ({ ...tile, built: true }))
    expect(settingsTilesFor({ isMasterFranchise: false }, withFranchise).some((tile) => tile.key === 'franchise')).toBe(false)
    expect(settingsTilesFor({ isMasterFranchise: true }, withFranchise).some((tile) => tile.key === 'franchise')).toBe(true)
  })

  it('leaves nothing to show when no screen is built', () => {
    expect(settingsTilesFor({ isMasterFranchise: true }, SETTINGS_TILES.map((tile) => ({ ...tile, built: false })))).toEqual([])
  })
})
