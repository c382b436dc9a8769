import { installSourceRewrites } from './boot/source-rewrites'

/**
 * build/server.js: the packages' source rewrites (route matching, route tables, icons) are
 * installed before the server (build/server-main.js, from server/main.ts) loads Remix. The
 * server is imported by a path the bundler leaves alone, since a bundled import would load its
 * packages first, before this runs.
 */
installSourceRewrites((file) => console.warn(`loaded without its rewrite: ${file} is not the version the server expects`))
const serverMain = './server-main.js'
await import(serverMain)
