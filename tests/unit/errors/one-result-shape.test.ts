import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry) ? [full] : []
  })
}

/** Where a hand-made `{ ok: true ... }` or `{ ok: false ... }` starts, with its line number. */
function handMadeResults(source: string): number[] {
  const lines: number[] = []
  // Across line breaks too: `return {\n  ok: false,` is the same shape as `{ ok: false }`.
  for (const match of source.matchAll(/\{\s*ok\s*:\s*(?:true|false)\b/g)) {
    lines.push(source.slice(0, match.index).split('\n').length)
  }
  return lines
}

describe('the one result shape of domain functions (docs/decisions/069)', () => {
  it('finds a hand-made result, on one line or several', () => {
    expect(handMadeResults("return { ok: false, reason: 'too-large' }")).toEqual([1])
    expect(handMadeResults('const a = 1\nreturn {\n    ok: true,\n    url }')).toEqual([2])
    expect(handMadeResults('return ok({ url })\nreturn err("not_found")\nif (result.ok) return')).toEqual([])
  })

  it('is built with ok() and err() from #server/errors/result: no `{ ok: ... }` written by hand in app/ or server/', () => {
    const offenders = ['app', 'server']
      .flatMap((dir) => sourceFiles(dir))
      .filter((file) => !file.startsWith(join('server', 'errors')))
      .flatMap((file) => handMadeResults(readFileSync(file, 'utf8')).map((line) => `${file}:${line}`))
    expect(offenders, 'return ok(value) or err(code, message, details) and type it Result / WordedResult').toEqual([])
  })
})
