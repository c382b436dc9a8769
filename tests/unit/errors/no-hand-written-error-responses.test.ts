import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry) ? [full] : []
  })
}

describe('the one error model', () => {
  it('is how app/ and server/ answer a failure: no hand-written `throw new Response(...)`', () => {
    const offenders = ['app', 'server']
      .flatMap((dir) => sourceFiles(dir))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line }))
          .filter(({ text }) => /throw new Response\(/.test(text)),
      )
      .map(({ file, line }) => `${file}:${line}`)
    expect(offenders, 'use notFound(), forbidden(), invariantResponse() ... from #server/errors/responses').toEqual([])
  })
})
