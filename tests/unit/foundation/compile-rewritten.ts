import { readFileSync } from 'node:fs'
import Module from 'node:module'
import { dirname } from 'node:path'

/** A CommonJS file of an installed package compiled from its rewritten source, as the server's loader hook (server/boot/source-rewrites.ts) compiles it. */
export function compileRewritten<T>(file: string, rewrite: (source: string) => string | null): T {
  const rewritten = rewrite(readFileSync(file, 'utf8'))
  if (rewritten === null) throw new Error(`${file} no longer has the code its rewrite replaces`)
  // Module's constructor and _compile are how Node's own loader builds a CommonJS module; the
  // public types leave them out.
  const ModuleClass = Module as unknown as new (id: string) => { filename: string; paths: string[]; exports: unknown; _compile(source: string, file: string): void }
  const module = new ModuleClass(file)
  module.filename = file
  module.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(dirname(file))
  module._compile(rewritten, file)
  return module.exports as T
}
