import type { SourceRewrite } from './source-rewrites'

/**
 * Remix's document render without rebuilding the route tables per page (decision 157).
 *
 * For every page it renders, Remix's server runtime copies the build's route modules into a new
 * object (`createEntryRouteModules`), and `RemixServer` turns the whole manifest (~200 routes)
 * into new route objects with their elements (`createServerRoutes`), only for the static router
 * to copy them again. Both depend only on the build, which is fixed for the life of the process:
 * about 4% of the CPU of a signed-in page rendered afresh went to building them again. These
 * rewrites keep each per build object (WeakMaps, so a rebuilt build in development gets its own):
 * nothing on the server changes either after it is made (route modules are only read).
 *
 * The static router React Router builds for each render then copied those routes again into
 * data routes of its own (`createStaticRouter`), so the route matching kept per route array
 * (decisions 115 and 151) flattened, ranked and described the whole tree once more per page:
 * about 1 ms of every document render. Its data routes and their id map are kept per route
 * array too; rendering only reads them.
 *
 * Applied as the route-match cache is (source-rewrites.ts): an exact replacement of one line
 * in each CommonJS file as Node loads it; a file without that line loads unchanged, the server
 * logs it, and the unit test fails on the upgrade.
 */

const ENTRY_FILE = /[\\/]@remix-run[\\/]server-runtime[\\/]dist[\\/]entry\.js$/
const REMIX_SERVER_FILE = /[\\/]@remix-run[\\/]react[\\/]dist[\\/]server\.js$/
const STATIC_ROUTER_FILE = /[\\/]react-router-dom[\\/]server\.js$/

const ENTRY_MODULES = 'function createEntryRouteModules(manifest) {'
const ENTRY_HELPERS = `
const __entryRouteModulesByManifest = new WeakMap();
function createEntryRouteModules(manifest) {
  let modules = __entryRouteModulesByManifest.get(manifest);
  if (modules === undefined) {
    modules = __createEntryRouteModulesAfresh(manifest);
    __entryRouteModulesByManifest.set(manifest, modules);
  }
  return modules;
}
`

const SERVER_ROUTES = '  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);'
const SERVER_HELPERS = `
const __serverRoutesByManifest = new WeakMap();
function __serverRoutesOf(manifestRoutes, routeModules, future, isSpaMode) {
  let byModules = __serverRoutesByManifest.get(manifestRoutes);
  if (byModules === undefined) {
    byModules = new WeakMap();
    __serverRoutesByManifest.set(manifestRoutes, byModules);
  }
  const kept = byModules.get(routeModules);
  if (kept !== undefined && kept.future === future && kept.isSpaMode === isSpaMode) return kept.routes;
  const built = routes.createServerRoutes(manifestRoutes, routeModules, future, isSpaMode);
  byModules.set(routeModules, { future, isSpaMode, routes: built });
  return built;
}
`

const DATA_ROUTES = `  let manifest = {};
  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);`
const DATA_ROUTES_HELPERS = `
const __dataRoutesByRoutes = new WeakMap();
function __dataRoutesOf(routes) {
  let kept = __dataRoutesByRoutes.get(routes);
  if (kept === undefined) {
    const manifest = {};
    kept = { manifest, dataRoutes: router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest) };
    __dataRoutesByRoutes.set(routes, kept);
  }
  return kept;
}
`

/** The server runtime's entry module with the route modules kept per build, or null when it does not have the code this expects. */
export function withEntryRouteModulesKept(source: string): string | null {
  if (source.split(ENTRY_MODULES).length !== 2) return null
  return `${source.replace(ENTRY_MODULES, 'function __createEntryRouteModulesAfresh(manifest) {')}\n${ENTRY_HELPERS}`
}

/** RemixServer's module with its server routes kept per build, or null when it does not have the code this expects. */
export function withServerRoutesKept(source: string): string | null {
  if (source.split(SERVER_ROUTES).length !== 2) return null
  return `${source.replace(SERVER_ROUTES, '  let routes$1 = __serverRoutesOf(manifest.routes, routeModules, context.future, context.isSpaMode);')}\n${SERVER_HELPERS}`
}

/** React Router's static router module with its data routes kept per route array, or null when it does not have the code this expects. */
export function withStaticDataRoutesKept(source: string): string | null {
  if (source.split(DATA_ROUTES).length !== 2) return null
  return `${source.replace(DATA_ROUTES, '  let { manifest, dataRoutes } = __dataRoutesOf(routes);')}\n${DATA_ROUTES_HELPERS}`
}

/** The files these rewrite, and how. */
export const RENDER_ROUTES_REWRITES: SourceRewrite[] = [
  { file: ENTRY_FILE, rewrite: withEntryRouteModulesKept },
  { file: REMIX_SERVER_FILE, rewrite: withServerRoutesKept },
  { file: STATIC_ROUTER_FILE, rewrite: withStaticDataRoutesKept },
]
