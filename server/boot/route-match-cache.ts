import type { SourceRewrite } from './source-rewrites'

/**
 * Route matching without the repeated work (decision 115).
 *
 * Remix matches every request's path against the route tree several times (the request
 * handler, the static handler, lazy route discovery), and React Router's `matchRoutes` flattens
 * and ranks the whole tree and compiles each tried route's pattern into a RegExp on every call.
 * With the product's ~150 routes that was a quarter of the web process's CPU. Both results
 * depend only on their inputs: the ranked branches on the route tree (fixed for a build on the
 * server) and a compiled pattern on its path and flags. This rewrites the CommonJS router, as
 * Node loads it, to keep both: branches per route array in a WeakMap, compiled patterns in a
 * bounded Map. Behaviour is unchanged; a router whose source no longer has the expected
 * functions is loaded as it is, and the unit test of this module fails on the upgrade.
 *
 * Remix also builds new route arrays for every page it renders (the static router's), so the
 * branches kept per array were flattened again on each render. `matchRoutes` therefore keeps its
 * answers too (decision 151), per tree shape (each route's path and flags, in order) and
 * pathname: as positions in the tree, from which each call builds its matches on the array it
 * was given, with a fresh params object shared by them as the router shares one.
 */

const ROUTER_FILE = /[\\/]@remix-run[\\/]router[\\/]dist[\\/]router\.cjs\.js$/

const RANK = `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);`
const COMPILE = 'function compilePath(path, caseSensitive, end) {'
const MATCH = 'function matchRoutes(routes, locationArg, basename) {'

const HELPERS = `
const __rankedBranchesByRoutes = new WeakMap();
function __rankedBranches(routes) {
  let branches = __rankedBranchesByRoutes.get(routes);
  if (branches === undefined) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    __rankedBranchesByRoutes.set(routes, branches);
  }
  return branches;
}
const __compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = path + "\\u0000" + caseSensitive + "\\u0000" + end;
  let compiled = __compiledPaths.get(key);
  if (compiled === undefined) {
    if (__compiledPaths.size >= 2000) __compiledPaths.clear();
    compiled = __compilePathAfresh(path, caseSensitive, end);
    __compiledPaths.set(key, compiled);
  }
  return compiled;
}
const __treeIds = new WeakMap();
const __treeIdsByShape = new Map();
function __treeId(routes) {
  let id = __treeIds.get(routes);
  if (id === undefined) {
    const shape = __treeShape(routes);
    id = __treeIdsByShape.get(shape);
    if (id === undefined) {
      if (__treeIdsByShape.size >= 100) __treeIdsByShape.clear();
      id = String(__treeIdsByShape.size);
      __treeIdsByShape.set(shape, id);
    }
    __treeIds.set(routes, id);
  }
  return id;
}
function __treeShape(routes) {
  let shape = "[";
  for (const route of routes) {
    shape += JSON.stringify([route.path, route.index === true, route.caseSensitive === true]);
    if (route.children) shape += __treeShape(route.children);
    shape += ",";
  }
  return shape + "]";
}
const __matchesByKey = new Map();
function matchRoutes(routes, locationArg, basename) {
  const pathname = typeof locationArg === "string" ? parsePath(locationArg).pathname : locationArg.pathname;
  const key = __treeId(routes) + "\u0000" + (basename === void 0 ? "/" : basename) + "\u0000" + pathname;
  let kept = __matchesByKey.get(key);
  if (kept === undefined) {
    const matches = __matchRoutesAfresh(routes, locationArg, basename);
    kept = matches === null ? null : __keptMatches(routes, matches);
    if (kept === undefined) return matches;
    if (__matchesByKey.size >= 5000) __matchesByKey.clear();
    __matchesByKey.set(key, kept);
  }
  if (kept === null) return null;
  const params = Object.assign({}, kept.params);
  let siblings = routes;
  return kept.steps.map((step) => {
    const route = siblings[step.index];
    siblings = route.children || [];
    return { params, pathname: step.pathname, pathnameBase: step.pathnameBase, route };
  });
}
function __keptMatches(routes, matches) {
  let siblings = routes;
  const steps = [];
  for (const match of matches) {
    const index = siblings.indexOf(match.route);
    if (index < 0) return undefined;
    steps.push({ index, pathname: match.pathname, pathnameBase: match.pathnameBase });
    siblings = match.route.children || [];
  }
  return { params: Object.assign({}, matches.length > 0 ? matches[0].params : {}), steps };
}
`

/** The router's source with both results kept, or null when it does not have the code this expects. */
export function withRouteMatchCache(source: string): string | null {
  if ([RANK, COMPILE, MATCH].some((code) => source.split(code).length !== 2)) return null
  return `${source
    .replace(RANK, '  let branches = __rankedBranches(routes);')
    .replace(COMPILE, 'function __compilePathAfresh(path, caseSensitive, end) {')
    .replace(MATCH, 'function __matchRoutesAfresh(routes, locationArg, basename) {')}\n${HELPERS}`
}

export const ROUTE_MATCH_REWRITES: SourceRewrite[] = [{ file: ROUTER_FILE, rewrite: withRouteMatchCache }]
