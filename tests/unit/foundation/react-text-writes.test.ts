import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Writable } from 'node:stream'
import { createElement, Suspense, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { withTextWritesJoined } from '#server/boot/react-text-writes'
import { compileRewritten } from './compile-rewritten'

const require = createRequire(import.meta.url)
// The production file itself (the package's exports name only its entry points).
const REACT_SERVER_FILE = join(dirname(require.resolve('react-dom/package.json')), 'cjs', 'react-dom-server.node.production.min.js')

type ReactServer = typeof import('react-dom/server')

/** What a render writes: the page's bytes and how many writes carried them. */
function render(server: ReactServer, tree: ReactNode): Promise<{ bytes: Buffer; writes: number }> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(Buffer.from(chunk))
        callback()
      },
    })
    sink.on('finish', () => done({ bytes: Buffer.concat(chunks), writes: chunks.length }))
    const stream = server.renderToPipeableStream(tree, { onAllReady: () => stream.pipe(sink), onShellError: fail, onError: fail })
  })
}

/** A page of rows like the contacts list's: attributes, text with accents and emoji, a long text, and a boundary resolved later. */
function page(rows: number): ReactNode {
  let resolved = false
  const later = new Promise<void>((done) => setTimeout(() => ((resolved = true), done()), 5))
  function Later() {
    if (!resolved) throw later
    return createElement('p', { className: 'later' }, 'Arrived after the shell: Müller & Søn <ok>')
  }
  return createElement(
    'html',
    null,
    createElement(
      'body',
      null,
      createElement('h1', { title: 'Contacts "all"' }, 'Contacts'),
      createElement(
        'table',
        null,
        createElement(
          'tbody',
          null,
          Array.from({ length: rows }, (_, index) =>
            createElement(
              'tr',
              { key: index, className: 'hover:bg-slate-50 group' },
              createElement('td', null, createElement('input', { type: 'checkbox', name: 'id', value: `guid-${index}`, 'aria-label': `Select José García ${index}`, defaultChecked: index % 3 === 0 })),
              createElement('th', { scope: 'row' }, createElement('a', { href: `/contacts/${index}/detail` }, `Zoë Müller 🧘 ${index}`)),
              createElement('td', { style: { whiteSpace: 'nowrap' } }, `$${index}.00`, createElement('time', { dateTime: '2026-11-30T06:15:55.318Z' }, 'Today')),
            ),
          ),
        ),
      ),
      createElement('pre', null, 'ü'.repeat(5000)),
      createElement(Suspense, { fallback: createElement('p', null, 'Loading…') }, createElement(Later)),
    ),
  )
}

describe("React's server renderer writing a flush's text at once", () => {
  it('finds the lines it replaces in the installed React DOM', () => {
    expect(withTextWritesJoined(readFileSync(REACT_SERVER_FILE, 'utf8'))).not.toBeNull()
    expect(withTextWritesJoined('function other() {}')).toBeNull()
  })

  it('writes the same bytes as React DOM, in fewer writes', async () => {
    const joined = compileRewritten<ReactServer>(REACT_SERVER_FILE, withTextWritesJoined)
    const plain = require(REACT_SERVER_FILE) as ReactServer
    for (const rows of [0, 1, 50, 400]) {
      const [mine, theirs] = [await render(joined, page(rows)), await render(plain, page(rows))]
      expect(mine.bytes.equals(theirs.bytes)).toBe(true)
      expect(mine.writes).toBeLessThanOrEqual(theirs.writes)
    }
    const [mine, theirs] = [await render(joined, page(400)), await render(plain, page(400))]
    expect(mine.bytes.toString('utf8')).toContain('Arrived after the shell: Müller &amp; Søn &lt;ok&gt;')
    expect(mine.writes).toBeLessThan(theirs.writes / 4)
  })

  it('keeps two renders that flush in turn apart', async () => {
    const joined = compileRewritten<ReactServer>(REACT_SERVER_FILE, withTextWritesJoined)
    const plain = require(REACT_SERVER_FILE) as ReactServer
    const [a, b] = await Promise.all([render(joined, page(30)), render(joined, page(60))])
    const [c, d] = [await render(plain, page(30)), await render(plain, page(60))]
    expect(a.bytes.equals(c.bytes)).toBe(true)
    expect(b.bytes.equals(d.bytes)).toBe(true)
  })
})
