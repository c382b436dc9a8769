import { flatRoutes } from 'remix-flat-routes'

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes live in folders by capability (docs/decisions/091): `_admin+/settings+/account.tsx`
  // is the route `_admin.settings.account`; a folder whose name starts with `_` adds no URL
  // segment, so `_auth+/login.tsx` answers /login.
  ignoredRouteFiles: ['**/*'],
  routes: async (defineRoutes) =>
    flatRoutes('routes', defineRoutes, { ignoredRouteFiles: ['**/.*', '**/*.test.*'] }),
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  tailwind: false,
  postcss: true,
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
}
