import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { defineRoutes } from '@remix-run/dev/dist/config/routes.js'
import { z } from 'zod'

/** One route as Remix builds it from the folders under app/routes. */
export type RouteEntry = {
  /** Remix's route id, e.g. 'routes/_admin+/settings+/users.$id'. */
  id: string
  /** The route module, relative to app/routes, e.g. '_admin+/settings+/users.$id.tsx'. */
  file: string
  /** The URL pattern it answers, e.g. '/settings/users/:id' ('/' for the root index). */
  urlPath: string
}

const manifestSchema = z.record(
  z.string(),
  z.object({ id: z.string(), parentId: z.string().optional(), path: z.string().optional(), file: z.string() }),
)

const configSchema = z.object({
  routes: z.function().args(z.unknown()).returns(z.promise(z.unknown())),
})

let loaded: Promise<RouteEntry[]> | undefined

/**
 * The app's routes, read through remix.config.js itself, so that tests which walk every route
 * (the cross-tenant probe, module guards, settings tiles) see what the build sees whatever
 * folder a route file sits in.
 */
export function routeTable(): Promise<RouteEntry[]> {
  loaded ??= readRouteTable()
  return loaded
}

async function readRouteTable(): Promise<RouteEntry[]> {
  const config = configSchema.parse((await import(pathToFileURL(resolve('remix.config.js')).href)).default)
  const manifest = manifestSchema.parse(await config.routes(defineRoutes))
  const urlPathOf = (id: string | undefined): string[] => {
    const route = id === undefined ? undefined : manifest[id]
    if (route === undefined) return []
    return [...urlPathOf(route.parentId), ...(route.path ? route.path.split('/') : [])]
  }
  return Object.values(manifest)
    .map((route) => ({
      id: route.id,
      file: route.file.replace(/^routes\//, ''),
      urlPath: `/${urlPathOf(route.id).filter((segment) => segment !== '').join('/')}`,
    }))
    .sort((a, b) => a.file.localeCompare(b.file))
}
