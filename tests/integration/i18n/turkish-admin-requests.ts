import type { DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

/**
 * Requests to the demo app as its admin, in Turkish unless another cookie is given: what the
 * back office's Turkish tests ask with (a GET, and a form POST from the page's own origin).
 */
export function turkishAdminRequests(app: () => DemoHttpApp) {
  const turkish = () => `${app().adminCookie}; lng=tr`
  return {
    turkish,
    get: (path: string, cookie = turkish()) => request(app().port, path, { host: app().host, headers: { cookie } }),
    post: (path: string, body: string, cookie = turkish()) =>
      request(app().port, path, {
        host: app().host,
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app().host}`, cookie },
      }),
  }
}
