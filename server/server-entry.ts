import { installRouteMatchCache } from './boot/route-match-cache'

/**
 * build/server.js: the route-match cache is installed before the server (build/server-main.js,
 * from server/main.ts) loads Remix. The server is imported by a path the bundler leaves alone,
 * since a bundled import would load its packages first, before this runs.
 */
installRouteMatchCache((file) => console.warn(`route matching is not cached: ${file} is not the router version this expects`))
const serverMain = './server-main.js'
await import(serverMain)
