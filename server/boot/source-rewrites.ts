import { readFileSync } from 'node:fs'
import Module from 'node:module'
import { ICON_REWRITES } from './icon-render-cache'
import { REACT_TEXT_WRITE_REWRITES } from './react-text-writes'
import { RENDER_ROUTES_REWRITES } from './render-routes-cache'
import { ROUTE_MATCH_REWRITES } from './route-match-cache'

/** A package file rewritten as Node loads it: the file it applies to and the rewrite, null when the file is not the version it expects. */
export interface SourceRewrite {
  file: RegExp
  rewrite(source: string): string | null
}

/** Every rewrite the server loads its packages with: route matching (decisions 115, 151), route tables and icons (157), React's text writes (160). */
export const SOURCE_REWRITES: SourceRewrite[] = [...ROUTE_MATCH_REWRITES, ...RENDER_ROUTES_REWRITES, ...ICON_REWRITES, ...REACT_TEXT_WRITE_REWRITES]

/** The loader hook's shape: Node's CommonJS loader calls it with the module and its file. */
type ModuleCompiler = (module: { _compile(source: string, filename: string): void }, filename: string) => void

let installed = false

/**
 * Makes Node load the packages above with their rewrites: work that depends only on the build
 * kept instead of repeated per page. Call before anything requires Remix: the server entry
 * installs it and then imports the server (build/server.js, server/server-entry.ts). A file
 * whose version lacks the expected code loads as it is, and `onSkipped` names it.
 */
export function installSourceRewrites(onSkipped: (file: string) => void = () => {}): void {
  if (installed) return
  installed = true
  // Node's CommonJS loader keeps its per-extension compilers on Module._extensions, which its
  // public types do not declare; source transformers (ts-node, pirates) hook it the same way.
  const extensions = (Module as unknown as { _extensions: Record<string, ModuleCompiler> })._extensions
  const compileJs = extensions['.js']
  if (!compileJs) return
  extensions['.js'] = function compileWithRewrites(module, filename) {
    const rewrite = SOURCE_REWRITES.find((candidate) => candidate.file.test(filename))
    if (rewrite) {
      const rewritten = rewrite.rewrite(readFileSync(filename, 'utf8'))
      if (rewritten) return module._compile(rewritten, filename)
      onSkipped(filename)
    }
    return compileJs.call(this, module, filename)
  }
}
