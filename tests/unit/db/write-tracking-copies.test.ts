import { vi } from 'vitest'

type WriteTracking = typeof import('#db/write-tracking')

/** A fresh copy of the module, as a second bundle of the app loads its own. */
async function freshCopy(): Promise<WriteTracking> {
  vi.resetModules()
  return import('#db/write-tracking')
}

describe('the write record across copies of the module', () => {
  it('is one record, whichever copy starts it and whichever copy steps out of it', async () => {
    const server = await freshCopy()
    const build = await freshCopy()
    expect(build).not.toBe(server)
    const { tables } = await server.trackWrites(async () => {
      // The Remix build's copy: the session slide steps out, so what it would write is not noted.
      await build.withoutWriteTracking(async () => {
        expect(server.tablesWrittenSoFar()).toBeNull()
      })
      expect(build.tablesWrittenSoFar()).not.toBeNull()
    })
    expect(tables.size).toBe(0)
  })
})
