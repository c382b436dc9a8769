import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { FILES_WITH_MODULE_MOCKS } from '#tests/support/files-with-module-mocks'

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry)
    if (statSync(full).isDirectory()) return testFiles(full)
    return /\.test\.tsx?$/.test(entry) ? [full] : []
  })
}

describe("unit and integration files share their worker's modules (vitest.config.ts)", () => {
  it('so a file that replaces modules is listed to get modules of its own', () => {
    const replacing = ['tests/unit', 'tests/integration']
      .flatMap((dir) => testFiles(dir))
      .filter((file) => /\bvi\.(mock|doMock|unmock|resetModules)\(/.test(readFileSync(file, 'utf8')))
    expect(replacing.sort()).toEqual([...FILES_WITH_MODULE_MOCKS].sort())
  })
})
